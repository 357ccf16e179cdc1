/**
 * Errors in Stripe's own shape (`{ error: { type, code, message, ... } }`) and statuses, so the SDK
 * raises the same error classes (StripeCardError, StripeInvalidRequestError, ...) it would in production.
 */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  payment_intent?: unknown;
}

export class StripeSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
    this.name = 'StripeSandboxError';
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

export const invalidRequest = (message: string, extra: Partial<StripeErrorBody> = {}, status = 400) =>
  new StripeSandboxError(status, {
    type: 'invalid_request_error',
    message,
    ...(extra.code ? { doc_url: docUrl(extra.code) } : {}),
    ...extra,
  });

export const resourceMissing = (kind: string, id: string, param = 'id') =>
  new StripeSandboxError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${kind}: '${id}'`,
    param,
  });

export const missingApiKey = () =>
  new StripeSandboxError(401, {
    type: 'invalid_request_error',
    message:
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
  });

/** Stripe's answer to a key it does not know: 401, the key shown only by its first characters. */
export const invalidApiKey = (apiKey: string) =>
  new StripeSandboxError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${apiKey.slice(0, 8)}${'*'.repeat(8)}`,
  });

export const publishableKeyRefused = () =>
  new StripeSandboxError(401, {
    type: 'invalid_request_error',
    message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
  });

export const unexpectedState = (message: string) =>
  invalidRequest(message, { code: 'payment_intent_unexpected_state' });

/** A card problem (402), carrying the intent as Stripe does so the caller sees its new state. */
export const cardError = (
  failure: { code: string; message: string; declineCode?: string; param?: string },
  paymentIntent?: unknown,
) =>
  new StripeSandboxError(402, {
    type: 'card_error',
    code: failure.code,
    message: failure.message,
    doc_url: docUrl(failure.code),
    ...(failure.declineCode ? { decline_code: failure.declineCode } : {}),
    ...(failure.param ? { param: failure.param } : {}),
    ...(paymentIntent ? { payment_intent: paymentIntent } : {}),
  });
