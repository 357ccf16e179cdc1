import Stripe from 'stripe';
import { config } from '../config';

type StripeHttpClient = NonNullable<NonNullable<ConstructorParameters<typeof Stripe>[1]>['httpClient']>;

export const usesStripeSandbox = () => config.sandboxes.stripe;

export const stripeSandboxBaseUrl = () => `${config.sandboxUrl}/sandbox/stripe`;

/**
 * Sends the SDK's requests to the api's Stripe sandbox. The SDK's public options name a host, port
 * and protocol but no base path, so this wraps its own Node client and puts `/sandbox/stripe` in
 * front of Stripe's paths. The address is read per request: it follows config.sandboxUrl.
 */
function sandboxHttpClient(): StripeHttpClient {
  const inner = Stripe.createNodeHttpClient();
  return {
    getClientName: () => 'ringcast-stripe-sandbox',
    makeRequest: (_host, _port, path, method, headers, requestData, _protocol, timeout) => {
      const base = new URL(stripeSandboxBaseUrl());
      const protocol = base.protocol.replace(':', '');
      const port = base.port || (protocol === 'https' ? '443' : '80');
      const prefix = base.pathname.replace(/\/$/, '');
      return inner.makeRequest(
        base.hostname,
        port,
        `${prefix}${path}`,
        method,
        headers,
        requestData,
        protocol,
        timeout,
      );
    },
  };
}

let client: Stripe | undefined;

/** The Stripe client: Stripe itself with STRIPE_SECRET_KEY, the api's sandbox without one. */
export function stripe(): Stripe {
  client ??= new Stripe(config.stripeSecretKey ?? config.stripeSandbox.secretKey, {
    // The browser waits ~20 s for activation; a retry of a slow or dropped call still fits in that.
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
    ...(usesStripeSandbox() ? { httpClient: sandboxHttpClient() } : {}),
  });
  return client;
}

/** Stripe could not find the object (a wrong or foreign id, or another account's). */
export const isStripeMissing = (err: unknown) =>
  err instanceof Stripe.errors.StripeError && err.code === 'resource_missing';

/**
 * Stripe refused the request itself (bad parameters, key, permissions): sending it again changes
 * nothing. Rate limits (429) and idempotency locks (409) are worth a retry.
 */
export const isRefusedByStripe = (err: unknown) =>
  err instanceof Stripe.errors.StripeError &&
  typeof err.statusCode === 'number' &&
  err.statusCode >= 400 &&
  err.statusCode < 500 &&
  err.statusCode !== 409 &&
  err.statusCode !== 429;
