import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { config } from './config';
import { errorMiddleware } from './middlewares/errors';
import { requestLog } from './middlewares/requestLog';
import { csrfProtection } from './middlewares/csrf';
import { loadCurrentUser } from './middlewares/auth';
import { spa } from './middlewares/spa';
import { securityHeaders } from './middlewares/securityHeaders';
import { onlyFor, onlyUnder } from './middlewares/conditional';
import { installSessions } from './session';
import { authRouter } from './routes/auth';
import { contactRouter } from './routes/contact';
import { healthRouter } from './routes/health';
import { prospectListsRouter } from './routes/prospectLists';
import { profileRouter } from './routes/profile';
import { supportTicketsRouter } from './routes/supportTickets';
import { adminRouters } from './routes/admin';
import { appConfigRouter } from './routes/appConfig';
import { agentDocumentsRouter } from './routes/agentDocuments';
import { scriptsRouter } from './routes/scripts';
import { openaiSandboxRouter } from './sandbox/openai';
import { stripeSandboxRouter } from './sandbox/stripe';
import { paymentsRouter } from './routes/payments';
import { stripeWebhookRouter } from './webhooks/stripe';
import { campaignsRouter } from './routes/campaigns';
import { dashboardRouter } from './routes/dashboard';

export const JSON_BODY_LIMIT = '100kb';
const BODY_METHODS = ['POST', 'PUT', 'PATCH'] as const;

/** The Koa app, middleware in the order a request meets it. Tests import this. */
export function createApp(): Koa {
  const app = new Koa({ proxy: config.trustProxy });
  installSessions(app);

  app.use(requestLog);
  app.use(errorMiddleware);
  app.use(securityHeaders);
  app.use(spa());
  app.use(csrfProtection);
  // Webhooks verify a signature over the raw body, so they run before it is parsed.
  app.use(onlyUnder('/webhooks/', stripeWebhookRouter.routes()));
  app.use(
    // koa-body parses these methods (its default) and passes every other one by; a GET skips it outright.
    onlyFor(
      BODY_METHODS,
      koaBody({
        json: true,
        jsonLimit: JSON_BODY_LIMIT,
        jsonStrict: true,
        urlencoded: false,
        text: false,
        multipart: false,
      }),
    ),
  );
  app.use(loadCurrentUser);

  // One router holding every resource's routes: a request is matched once, not once per resource.
  const api = new Router();
  for (const router of [
    healthRouter,
    authRouter,
    contactRouter,
    prospectListsRouter,
    profileRouter,
    supportTicketsRouter,
    appConfigRouter,
    ...adminRouters,
    agentDocumentsRouter,
    scriptsRouter,
    openaiSandboxRouter,
    stripeSandboxRouter,
    paymentsRouter,
    campaignsRouter,
    dashboardRouter,
  ]) {
    api.use(router.routes());
  }
  app.use(api.routes());
  app.use(api.allowedMethods());
  return app;
}
