import Koa from 'koa';
import { koaBody } from 'koa-body';
import { config } from './config';
import { errorMiddleware } from './middlewares/errors';
import { requestLog } from './middlewares/requestLog';
import { csrfProtection } from './middlewares/csrf';
import { loadCurrentUser } from './middlewares/auth';
import { spa } from './middlewares/spa';
import { sessionMiddleware } from './session';
import { authRouter } from './routes/auth';
import { contactRouter } from './routes/contact';
import { healthRouter } from './routes/health';
import { prospectListsRouter } from './routes/prospectLists';
import { profileRouter } from './routes/profile';
import { supportTicketsRouter } from './routes/supportTickets';
import { adminSupportTicketsRouter } from './routes/adminSupportTickets';
import { agentDocumentsRouter } from './routes/agentDocuments';
import { scriptsRouter } from './routes/scripts';
import { openaiSandboxRouter } from './sandbox/openai';
import { campaignsRouter } from './routes/campaigns';
import { dashboardRouter } from './routes/dashboard';

export const JSON_BODY_LIMIT = '100kb';

/** The Koa app, middleware in the order a request meets it. Tests import this. */
export function createApp(): Koa {
  const app = new Koa({ proxy: config.trustProxy });

  app.use(requestLog);
  app.use(errorMiddleware);
  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    ctx.set('X-Frame-Options', 'DENY');
    await next();
  });
  app.use(spa());
  app.use(csrfProtection);
  app.use(sessionMiddleware(app));
  app.use(koaBody({ json: true, jsonLimit: JSON_BODY_LIMIT, jsonStrict: true, urlencoded: false, text: false, multipart: false }));
  app.use(loadCurrentUser);

  for (const router of [
    healthRouter,
    authRouter,
    contactRouter,
    prospectListsRouter,
    profileRouter,
    supportTicketsRouter,
    adminSupportTicketsRouter,
    agentDocumentsRouter,
    scriptsRouter,
    openaiSandboxRouter,
    campaignsRouter,
    dashboardRouter,
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  return app;
}
