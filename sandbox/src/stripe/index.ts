import Router from '@koa/router';
import { useSandboxHost } from '../host';
import { StripeSandboxError } from './errors';
import type { StripeSandboxHost } from './host';
import { readRequest, stripeErrors } from './middleware';
import { billingRoutes } from './routes/billing';
import { catalogRoutes } from './routes/catalog';
import { invoiceDocumentRoutes } from './routes/documents';
import { paymentRoutes } from './routes/payments';
import { useWebhookHost } from './webhookDelivery';

export type { StripeSandboxHost } from './host';

/**
 * A stand-in for Stripe's API under /sandbox/stripe/v1, mounted by the app only while no
 * STRIPE_SECRET_KEY is set. Our Stripe SDK talks to it exactly as it would to Stripe (form bodies, Bearer secret
 * key, Idempotency-Key), and the checkout page's sandbox card form confirms through it the way
 * Stripe.js does (publishable key plus the intent's client secret). It is outside /api, so no
 * session or CSRF check applies. As on Stripe, the keys are what guard it: server calls need this
 * deployment's sandbox secret key (`host.apiKeys()`, never sent to a browser), and a browser's
 * publishable key reaches only its own intent, with that intent's client secret. The hosted
 * invoice pages and PDFs (/sandbox/stripe/invoices/...) are capability URLs, as Stripe's are.
 * `host` is what the api hands it (host.ts).
 */
export function createStripeSandbox(host: StripeSandboxHost) {
  useSandboxHost(host);
  useWebhookHost(host);
  const stripeSandboxRouter = new Router({ prefix: '/sandbox/stripe' });

  stripeSandboxRouter.use(stripeErrors, readRequest(host));
  invoiceDocumentRoutes(stripeSandboxRouter);
  paymentRoutes(stripeSandboxRouter);
  catalogRoutes(stripeSandboxRouter);
  billingRoutes(stripeSandboxRouter);

  stripeSandboxRouter.all('/v1/{*rest}', async (ctx) => {
    throw new StripeSandboxError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${ctx.method}: ${ctx.path.replace('/sandbox/stripe', '')}). The Stripe sandbox implements only what Ringcast uses.`,
    });
  });

  /** What the app mounts under /sandbox/stripe: the routes, with form bodies up to 64 KB kept raw. */
  return { router: stripeSandboxRouter, rawBodyLimitBytes: 64 * 1024 };
}
