import Router from '@koa/router';
import { sandboxMailQuerySchema } from '@ringcast/shared-types';
import { readSandboxMail } from '@ringcast/sandbox';
import { config } from '../../config';
import { notFound } from '../../errors';
import { requireAdmin } from '../../middlewares/auth';
import { validateQuery } from '../../middlewares/validate';
import { sandboxHost } from '../../sandboxHost';

/** The Outbox tab's messages: what the mail sandbox caught. There is none with a real mail server. */
export const adminSandboxMailRouter = new Router({ prefix: '/api/admin/sandbox/mail' });

adminSandboxMailRouter.get('/', requireAdmin, async (ctx) => {
  if (!config.sandboxes.mail)
    throw notFound('Mail goes to a real mail server (SMTP_URL): there is no outbox');
  const { to } = await validateQuery(ctx, sandboxMailQuerySchema);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await readSandboxMail(sandboxHost, { to, limit: 100 });
});
