import type { Middleware } from 'koa';
import { config } from './config';
import { forbidden } from './errors';
import { isOwnOrigin } from './lib/sameOrigin';
import { loadCurrentUser, requireAdmin } from './middlewares/auth';
import { rateLimit } from './middlewares/rateLimit';
import { platformTwilioAccount } from './providers/twilio';
import type { TwilioSandboxHost } from '@ringcast/sandbox';
import { sandboxHost } from './sandboxHost';
import { knownTwilioAccountToken } from './services/twilioAccounts';

const ringingLimit = rateLimit('sandboxRingPerUser');

/**
 * Ringing a number rings a customer's campaign (a billable inbound call): an admin's session
 * only, from our own pages or a tool without an Origin, a few a minute. The sandbox is mounted
 * before the app loads the session, so this loads it.
 */
const authorizeRinging: Middleware = (ctx, next) =>
  loadCurrentUser(ctx, () =>
    requireAdmin(ctx, () => {
      if (!isOwnOrigin(ctx.get('Origin') || undefined, ctx.origin))
        throw forbidden('Cross-site request refused');
      return ringingLimit(ctx, next);
    }),
  );

/** What the api hands the Twilio sandbox (sandbox/src/twilio/host.ts): the users table and config are the truth. */
export const twilioSandboxHost: TwilioSandboxHost = {
  ...sandboxHost,
  get platformAccountSid() {
    return platformTwilioAccount().accountSid;
  },
  accountToken: knownTwilioAccountToken,
  publicUrl: () => config.publicUrl,
  authorizeRinging,
};
