import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import compose from 'koa-compose';
import { config, type Config } from './config';
import { errorMiddleware, logAppError } from './middlewares/errors';
import { requestLog } from './middlewares/requestLog';
import { csrfProtection, STATE_CHANGING_METHODS } from './middlewares/csrf';
import { requireHttps } from './middlewares/requireHttps';
import { loadCurrentUser } from './middlewares/auth';
import { spa } from './middlewares/spa';
import { securityHeaders } from './middlewares/securityHeaders';
import { onlyFor, onlyUnder } from './middlewares/conditional';
import { indexedRoutes } from './middlewares/routeIndex';
import { mountProviderEdge, type ProviderEdge } from './middlewares/providerEdge';
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
import { playgroundRouter } from './routes/playground';
import {
  createCalcomSandbox,
  createOpenaiSandbox,
  createStripeSandbox,
  createTwilioSandbox,
} from '@ringcast/sandbox';
import { sandboxHost, stripeSandboxHost } from './sandboxHost';
import { twilioSandboxHost } from './twilioSandboxHost';
import { paymentsRouter } from './routes/payments';
import { billingRouter } from './routes/billing';
import { mountWebhooks } from './webhooks';
import { campaignsRouter } from './routes/campaigns';
import { callsRouter } from './routes/calls';
import { doNotCallRouter } from './routes/doNotCall';
import { testNumbersRouter } from './routes/testNumbers';
import { callbacksRouter } from './routes/callbacks';
import { webhookEndpointsRouter } from './routes/webhookEndpoints';
import { appointmentsRouter } from './routes/appointments';
import { notificationSettingsRouter } from './routes/notificationSettings';
import { adminQueues, QUEUES_PATH } from './routes/admin/queues';
import { dashboardRouter } from './routes/dashboard';
import { analyticsRouter } from './routes/analytics';
import { calendarRouter } from './routes/calendar';
import { METRICS_PATH, metricsRouter } from './routes/metrics';

export const JSON_BODY_LIMIT = '100kb';
const BODY_METHODS = ['POST', 'PUT', 'PATCH'] as const;

/**
 * The local emulator of each provider, mounted under /sandbox/<provider> only while that provider
 * has no keys (config.sandboxes); its SDK is pointed there. Adding one is a line. Mail's is an SMTP
 * server, not an HTTP one: server.ts starts it.
 */
const SANDBOXES: Record<Exclude<keyof Config['sandboxes'], 'mail'>, ProviderEdge> = {
  // Each is handed what it may know of us (sandboxHost.ts): logger, Redis, time scale, and its own
  // (Stripe's keys and our webhook; Twilio's accounts, PUBLIC_URL and who may ring a number).
  openai: createOpenaiSandbox(sandboxHost),
  stripe: createStripeSandbox(stripeSandboxHost),
  twilio: createTwilioSandbox(twilioSandboxHost),
};
/** Cal.com has no deployment key: its sandbox serves sandbox keys wherever sandboxes may run. */
const calcomSandbox = createCalcomSandbox(sandboxHost);

/** Every resource's routes; the index hands a request to the few that could answer it. */
const ROUTERS = [
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
  playgroundRouter,
  paymentsRouter,
  billingRouter,
  campaignsRouter,
  callsRouter,
  doNotCallRouter,
  testNumbersRouter,
  callbacksRouter,
  webhookEndpointsRouter,
  appointmentsRouter,
  notificationSettingsRouter,
  dashboardRouter,
  analyticsRouter,
  calendarRouter,
];

/** The Koa app, middleware in the order a request meets it. Tests import this. */
export function createApp(): Koa {
  const app = new Koa({ proxy: config.trustProxy });
  app.on('error', logAppError);
  installSessions(app);

  // koa-body parses these methods (its default) and passes every other one by; a GET skips it outright.
  const parseBody = onlyFor(
    BODY_METHODS,
    koaBody({
      json: true,
      jsonLimit: JSON_BODY_LIMIT,
      jsonStrict: true,
      urlencoded: false,
      text: false,
      multipart: false,
    }),
  );
  const routes = indexedRoutes(ROUTERS);
  const allowedMethods = new Router().allowedMethods() as Middleware;

  app.use(requestLog);
  app.use(errorMiddleware);
  app.use(securityHeaders);
  // An API call meets only the layers that serve the API, in the order of the full chain below:
  // every layer it leaves out is mounted under another prefix and would pass it by.
  // A read passes the write guards and the body parser by in one step: each checks the method first.
  const writeGuards = onlyFor(STATE_CHANGING_METHODS, compose([requireHttps, csrfProtection, parseBody]));
  const apiCall = compose([writeGuards, loadCurrentUser, routes, allowedMethods]);
  // Its chain ends there, as the full chain does: nothing after it serves /api/.
  const endOfChain = () => Promise.resolve();
  app.use((ctx, next) => (ctx.path.startsWith('/api/') ? apiCall(ctx, endOfChain) : next()));

  app.use(onlyUnder(METRICS_PATH, metricsRouter.routes()));
  app.use(spa());
  app.use(requireHttps);
  app.use(csrfProtection);
  // Webhooks verify a signature over the raw body, so they run before it is parsed.
  mountWebhooks(app);
  app.use(parseBody);
  for (const [provider, sandbox] of Object.entries(SANDBOXES)) {
    if (config.sandboxes[provider as keyof Config['sandboxes']])
      mountProviderEdge(app, `/sandbox/${provider}`, sandbox);
  }
  if (config.calcom.sandbox) mountProviderEdge(app, '/sandbox/calcom', calcomSandbox);
  app.use(loadCurrentUser);
  app.use(onlyUnder(QUEUES_PATH, adminQueues));
  app.use(routes);
  app.use(allowedMethods);
  return app;
}
