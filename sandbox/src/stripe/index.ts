import { createHash, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { useSandboxHost } from '../host';
import { logger } from '../logger';
import { findCoupon, listPromotionCodes } from './catalog';
import {
  invalidApiKey,
  invalidRequest,
  missingApiKey,
  publishableKeyRefused,
  resourceMissing,
  StripeSandboxError,
} from './errors';
import { decodeForm, FormDecodeError, formList, formString, type FormObject } from './formBody';
import { createCustomer, findCustomer } from './customers';
import {
  assertClientSecret,
  confirmIntent,
  createIntent,
  findIntent,
  publicView,
  updateIntent,
} from './paymentIntents';
import type { StripeSandboxHost } from './host';
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentResponse } from './store';
import { eventSender } from './webhookDelivery';

export type { StripeSandboxHost } from './host';

interface SandboxState {
  form: FormObject;
  rawBody: string;
  apiKey: string;
  publishable: boolean;
}

const stateOf = (ctx: Context) => ctx.state.stripeSandbox as SandboxState;

/** Stripe's error shape for everything that goes wrong. */
const stripeErrors: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    const sandboxError =
      err instanceof StripeSandboxError
        ? err
        : err instanceof FormDecodeError
          ? invalidRequest(err.message)
          : undefined;
    if (!sandboxError) {
      logger.error({ err, path: ctx.path }, 'stripe sandbox error');
      ctx.status = 500;
      ctx.body = {
        error: { type: 'api_error', message: 'An unknown error occurred in the Stripe sandbox.' },
      };
      return;
    }
    ctx.status = sandboxError.status;
    ctx.body = { error: sandboxError.body };
  }
};

function apiKeyOf(ctx: Context, form: FormObject): string | undefined {
  const bearer = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'))?.[1];
  return bearer ?? formString(form, 'key');
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Which of this deployment's keys the caller holds: the secret key (our server), the publishable key (a browser), or neither. */
function keyKind(host: StripeSandboxHost, apiKey: string): 'secret' | 'publishable' | undefined {
  const { secretKey, publishableKey } = host.apiKeys();
  if (sameText(apiKey, secretKey)) return 'secret';
  if (sameText(apiKey, publishableKey)) return 'publishable';
  return undefined;
}

/** Reads the form body (or query), and who is calling: a secret key (our server) or a publishable key (a browser). */
const readRequest =
  (host: StripeSandboxHost): Middleware =>
  async (ctx, next) => {
    let rawBody = '';
    if (ctx.method === 'POST') {
      const type = ctx.get('Content-Type');
      if (type && !ctx.is('application/x-www-form-urlencoded')) {
        throw invalidRequest(
          'Invalid request: the body must be application/x-www-form-urlencoded, as Stripe expects.',
        );
      }
      // Read by the app as it mounts the sandbox (stripeSandbox.rawBodyLimitBytes).
      rawBody = (ctx.state.rawBody as Buffer).toString('utf8');
    }
    const form = decodeForm(ctx.method === 'POST' ? rawBody : ctx.querystring);
    const apiKey = apiKeyOf(ctx, form);
    if (!apiKey) throw missingApiKey();
    const kind = keyKind(host, apiKey);
    if (!kind) throw invalidApiKey(apiKey);
    delete form.key;
    ctx.state.stripeSandbox = {
      form,
      rawBody,
      apiKey,
      publishable: kind === 'publishable',
    } satisfies SandboxState;
    return next();
  };

const secretKeyOnly = (ctx: Context, next: Next) => {
  if (stateOf(ctx).publishable) throw publishableKeyRefused();
  return next();
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Idempotency-Key as on Stripe: the first answer under a key is kept for 24 hours and replayed for
 * the same request; a different request with the key, or one while the first still runs, is refused.
 */
const idempotent: Middleware = async (ctx, next) => {
  const idempotencyKey = ctx.get('Idempotency-Key');
  if (ctx.method !== 'POST' || !idempotencyKey) return next();
  const { apiKey, rawBody } = stateOf(ctx);
  const scopedKey = sha256(`${apiKey}\n${idempotencyKey}`);
  const fingerprint = sha256(`${ctx.method} ${ctx.path}\n${rawBody}`);
  const claim = await claimIdempotencyKey(scopedKey, fingerprint);
  if (claim.kind === 'replay') {
    ctx.status = claim.response.status;
    ctx.body = claim.response.body;
    ctx.set('Idempotent-Replayed', 'true');
    return;
  }
  if (claim.kind === 'in_progress') {
    throw new StripeSandboxError(409, {
      type: 'idempotency_error',
      code: 'idempotency_key_in_use',
      message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${idempotencyKey}. Please try again later.`,
    });
  }
  if (claim.kind === 'mismatch') {
    throw new StripeSandboxError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
    });
  }
  try {
    await stripeErrors(ctx, next);
  } finally {
    if (ctx.status >= 500) await releaseIdempotencyKey(scopedKey);
    else await storeIdempotentResponse(scopedKey, { fingerprint, status: ctx.status, body: ctx.body });
  }
};

const limitOf = (form: FormObject) => {
  const limit = Number(formString(form, 'limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidRequest('Invalid limit: must be an integer between 1 and 100', { param: 'limit' });
  }
  return limit;
};

/**
 * A stand-in for Stripe's API under /sandbox/stripe/v1, mounted by the app only while no
 * STRIPE_SECRET_KEY is set. Our Stripe SDK talks to it exactly as it would to Stripe (form bodies, Bearer secret
 * key, Idempotency-Key), and the checkout page's sandbox card form confirms through it the way
 * Stripe.js does (publishable key plus the intent's client secret). It is outside /api, so no
 * session or CSRF check applies. As on Stripe, the keys are what guard it: server calls need this
 * deployment's sandbox secret key (`host.apiKeys()`, never sent to a browser), and a browser's
 * publishable key reaches only its own intent, with that intent's client secret. `host` is what
 * the api hands it (host.ts).
 */
export function createStripeSandbox(host: StripeSandboxHost) {
  useSandboxHost(host);
  const stripeSandboxRouter = new Router({ prefix: '/sandbox/stripe' });
  const sendEvent = eventSender(host);

  stripeSandboxRouter.use(stripeErrors, readRequest(host));

  stripeSandboxRouter.post('/v1/customers', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await createCustomer(stateOf(ctx).form);
  });

  stripeSandboxRouter.get('/v1/customers/:id', secretKeyOnly, async (ctx) => {
    ctx.body = await findCustomer(ctx.params.id!);
  });

  stripeSandboxRouter.post('/v1/payment_intents', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await createIntent(stateOf(ctx).form);
  });

  // The browser may read its own intent with the client secret, as Stripe.js's retrievePaymentIntent does.
  stripeSandboxRouter.get('/v1/payment_intents/:id', async (ctx) => {
    const { form, publishable } = stateOf(ctx);
    const intent = await findIntent(ctx.params.id!);
    if (!publishable) {
      ctx.body = intent;
      return;
    }
    assertClientSecret(intent, formString(form, 'client_secret'));
    ctx.body = publicView(intent);
  });

  stripeSandboxRouter.post('/v1/payment_intents/:id', secretKeyOnly, idempotent, async (ctx) => {
    ctx.body = await updateIntent(ctx.params.id!, stateOf(ctx).form);
  });

  stripeSandboxRouter.post('/v1/payment_intents/:id/confirm', idempotent, async (ctx) => {
    const { form, publishable } = stateOf(ctx);
    ctx.body = await confirmIntent(ctx.params.id!, form, { publishable }, sendEvent);
  });

  stripeSandboxRouter.get('/v1/promotion_codes', secretKeyOnly, async (ctx) => {
    const { form } = stateOf(ctx);
    const active = formString(form, 'active');
    const data = listPromotionCodes({
      code: formString(form, 'code'),
      active: active === undefined ? undefined : active === 'true',
      expandCoupon: formList(form, 'expand').includes('data.promotion.coupon'),
    }).slice(0, limitOf(form));
    ctx.body = { object: 'list', data, has_more: false, url: '/v1/promotion_codes' };
  });

  stripeSandboxRouter.get('/v1/coupons/:id', secretKeyOnly, async (ctx) => {
    const coupon = findCoupon(ctx.params.id!);
    if (!coupon) throw resourceMissing('coupon', ctx.params.id!);
    ctx.body = coupon;
  });

  stripeSandboxRouter.all('/v1/{*rest}', async (ctx) => {
    throw new StripeSandboxError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${ctx.method}: ${ctx.path.replace('/sandbox/stripe', '')}). The Stripe sandbox implements only what Ringcast uses.`,
    });
  });

  /** What the app mounts under /sandbox/stripe: the routes, with form bodies up to 64 KB kept raw. */
  return { router: stripeSandboxRouter, rawBodyLimitBytes: 64 * 1024 };
}
