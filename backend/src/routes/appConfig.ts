import Router from '@koa/router';
import type { AppConfig } from '@ringcast/shared-types';
import { config } from '../config';

export const appConfigRouter = new Router();

/** Public facts about this deployment the web app needs before anyone signs in. */
appConfigRouter.get('/api/config', (ctx) => {
  ctx.set('Cache-Control', 'public, max-age=60');
  ctx.body = {
    adminEmailDomain: config.adminEmailDomain,
    demoVideoUrl: config.demoVideoUrl ?? null,
    sandbox: Object.values(config.sandboxes).some(Boolean),
    mailSandbox: config.sandboxes.mail,
  } satisfies AppConfig;
});
