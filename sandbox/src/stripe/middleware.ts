import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import { logger } from '../logger';
import {
  invalidApiKey,
  invalidRequest,
  missingApiKey,
  publishableKeyRefused,
  StripeSandboxError,
} from './errors';
import { decodeForm, FormDecodeError, formList, formString, type FormObject } from './formBody';
import type { StripeSandboxHost } from './host';
import { claimIdempotencyKey, releaseIdempotencyKey, storeIdempotentResponse } from './store';

/** What every Stripe sandbox request goes through: errors in Stripe's shape, keys, idempotency. */
export interface SandboxState {
  form: FormObject;
  rawBody: string;
  apiKey: string;
  publishable: boolean;
}

export const stateOf = (ctx: Context) => ctx.state.stripeSandbox as SandboxState;

/** Stripe's error shape for everything that goes wrong. */
export const stripeErrors: Middleware = async (ctx, next) => {
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
export const readRequest =
  (host: StripeSandboxHost): Middleware =>
  async (ctx, next) => {
    // The hosted invoice pages are opened by a browser with no key, like Stripe's invoice.stripe.com.
    if (!ctx.path.startsWith('/sandbox/stripe/v1/')) return next();
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

export const secretKeyOnly = (ctx: Context, next: Next) => {
  if (stateOf(ctx).publishable) throw publishableKeyRefused();
  return next();
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Idempotency-Key as on Stripe: the first answer under a key is kept for 24 hours and replayed for
 * the same request; a different request with the key, or one while the first still runs, is refused.
 */
export const idempotent: Middleware = async (ctx, next) => {
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

export const limitOf = (form: FormObject) => {
  const limit = Number(formString(form, 'limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw invalidRequest('Invalid limit: must be an integer between 1 and 100', { param: 'limit' });
  }
  return limit;
};

/** `expand[]` of the request. */
export const expandOf = (ctx: Context) => formList(stateOf(ctx).form, 'expand');
