import Router from '@koa/router';
import { generateScriptSchema, type GenerateScriptResponse } from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { validateBody } from '../middlewares/validate';
import { requestScript } from '../services/scripts/requestScript';
import { rateLimit } from '../middlewares/rateLimit';
import { usesOpenAISandbox } from '../providers/openai';

export const scriptsRouter = new Router({ prefix: '/api' });

// Each script is a paid model call: limited per account, per address and for the whole deployment.
scriptsRouter.post(
  '/generate-script',
  requireUser,
  rateLimit('scriptPerUser', 'scriptPerAddress', 'scriptTotal'),
  async (ctx) => {
    const input = await validateBody(ctx, generateScriptSchema);
    const userId = currentUser(ctx).id;
    ctx.body = {
      script: await requestScript(userId, input),
      sandbox: usesOpenAISandbox(),
    } satisfies GenerateScriptResponse;
  },
);
