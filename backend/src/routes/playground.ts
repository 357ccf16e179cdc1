import Router from '@koa/router';
import { playgroundSchema, type PlaygroundReply } from '@ringcast/shared-types';
import { currentUser, requireUser } from '../middlewares/auth';
import { rateLimit } from '../middlewares/rateLimit';
import { validateBody } from '../middlewares/validate';
import { playAgentTurn } from '../services/playground';

export const playgroundRouter = new Router({ prefix: '/api' });

// Each message is a paid model call (up to a few rounds): limited per account, per address and
// for the whole deployment, as script writing is.
playgroundRouter.post(
  '/playground',
  requireUser,
  rateLimit('playgroundPerUser', 'playgroundPerAddress', 'playgroundTotal'),
  async (ctx) => {
    const input = await validateBody(ctx, playgroundSchema);
    ctx.body = (await playAgentTurn(currentUser(ctx).id, input)) satisfies PlaygroundReply;
  },
);
