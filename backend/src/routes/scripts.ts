import Router from '@koa/router';
import { generateScriptSchema, type GenerateScriptResponse } from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { validateBody } from '../middlewares/validate';
import { assertScriptQuota, requestScript } from '../services/scripts/requestScript';
import { usesOpenAISandbox } from '../providers/openai';

export const scriptsRouter = new Router({ prefix: '/api' });

scriptsRouter.post('/generate-script', requireUser, async (ctx) => {
  const input = await validateBody(ctx, generateScriptSchema);
  const userId = currentUser(ctx).id;
  await assertScriptQuota(userId);
  ctx.body = {
    script: await requestScript(userId, input),
    sandbox: usesOpenAISandbox(),
  } satisfies GenerateScriptResponse;
});
