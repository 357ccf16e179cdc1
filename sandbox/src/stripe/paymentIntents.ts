import { cardDetailsOf, type CardFailure, type CardVerdict, type SandboxCard } from './cards';
import { savePaymentMethod, verdictForMethod, verdictFromBody } from './paymentMethods';
import { cardError, invalidRequest, resourceMissing, unexpectedState } from './errors';
import { formObject, formString, type FormObject } from './formBody';
import { mergeMetadata, readAmount, readCurrency, readDescription, rejectUnknownParams } from './params';
import { loadObject, randomToken, sandboxId, saveObject, withObjectLock } from './store';
import type { SendEvent } from './webhookDelivery';

/** A PaymentIntent in Stripe's shape (the fields a card payment uses). */
export interface SandboxPaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { allow_redirects: 'always'; enabled: true } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: 'automatic_async';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: Record<string, unknown> | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  processing: null;
  receipt_email: string | null;
  setup_future_usage: null;
  shipping: null;
  statement_descriptor: null;
  statement_descriptor_suffix: null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
}

export const INTENT_KIND = 'payment_intent';
const KIND = INTENT_KIND;
const CONFIRMABLE = new Set<SandboxPaymentIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
]);

const now = () => Math.floor(Date.now() / 1000);

export async function findIntent(id: string): Promise<SandboxPaymentIntent> {
  const intent = /^pi_[A-Za-z0-9]+$/.test(id) ? await loadObject<SandboxPaymentIntent>(KIND, id) : undefined;
  if (!intent) throw resourceMissing('payment_intent', id, 'intent');
  return intent;
}

/**
 * What a browser holding the publishable key and the client secret may read: Stripe leaves out
 * the customer, metadata and other server-side fields.
 */
export function publicView(intent: SandboxPaymentIntent) {
  const { customer: _c, metadata: _m, receipt_email: _r, shipping: _s, ...visible } = intent;
  return visible;
}

async function assertCustomer(body: FormObject): Promise<string | null | undefined> {
  const customer = formString(body, 'customer');
  if (customer === undefined) return undefined;
  if (customer === '') return null;
  if (!(await loadObject('customer', customer))) throw resourceMissing('customer', customer, 'customer');
  return customer;
}

interface IntentFields {
  amount: number;
  currency: string;
  customer: string | null;
  created: number;
  description: string | null;
  metadata: Record<string, string>;
  receiptEmail: string | null;
  automatic: boolean;
}

export function newIntent(fields: IntentFields): SandboxPaymentIntent {
  const id = sandboxId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: fields.amount,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: fields.automatic ? { allow_redirects: 'always', enabled: true } : null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${id}_secret_${randomToken(25)}`,
    confirmation_method: 'automatic',
    created: fields.created,
    currency: fields.currency,
    customer: fields.customer,
    description: fields.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: fields.metadata,
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    processing: null,
    receipt_email: fields.receiptEmail,
    setup_future_usage: null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
  };
}

export async function createIntent(body: FormObject): Promise<SandboxPaymentIntent> {
  rejectUnknownParams(body, [
    'amount',
    'currency',
    'customer',
    'description',
    'metadata',
    'payment_method_types',
    'automatic_payment_methods',
    'receipt_email',
  ]);
  const automatic = formString(body, 'automatic_payment_methods', 'enabled') === 'true';
  const intent = newIntent({
    amount: readAmount(body, true)!,
    currency: readCurrency(body),
    customer: (await assertCustomer(body)) ?? null,
    created: now(),
    description: readDescription(body) ?? null,
    metadata: mergeMetadata({}, body),
    receiptEmail: formString(body, 'receipt_email') || null,
    automatic,
  });
  await saveObject(KIND, intent);
  return intent;
}

/** Amount, description, metadata and customer change until the intent has succeeded. */
export function updateIntent(id: string, body: FormObject): Promise<SandboxPaymentIntent> {
  rejectUnknownParams(body, ['amount', 'currency', 'customer', 'description', 'metadata', 'receipt_email']);
  return withObjectLock(KIND, id, async () => {
    const intent = await findIntent(id);
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw unexpectedState(
        `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}. You may only update the amount of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
      );
    }
    const amount = readAmount(body, false);
    if (formString(body, 'currency') !== undefined) intent.currency = readCurrency(body);
    const customer = await assertCustomer(body);
    const description = readDescription(body);
    if (amount !== undefined) intent.amount = amount;
    if (customer !== undefined) intent.customer = customer;
    if (description !== undefined) intent.description = description;
    intent.metadata = mergeMetadata(intent.metadata, body);
    await saveObject(KIND, intent);
    return intent;
  });
}

/** The browser (publishable key) proves it may act on the intent with its client secret. */
export function assertClientSecret(intent: SandboxPaymentIntent, clientSecret: string | undefined): void {
  if (!clientSecret) {
    throw invalidRequest(
      'This API call cannot be made with a publishable API key without the client_secret of the PaymentIntent.',
      {
        param: 'client_secret',
      },
      401,
    );
  }
  if (clientSecret !== intent.client_secret) {
    throw invalidRequest(
      'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
      { code: 'payment_intent_invalid_parameter', param: 'client_secret' },
    );
  }
}

async function verdictFor(intent: SandboxPaymentIntent, body: FormObject): Promise<CardVerdict> {
  const data = formObject(body, 'payment_method_data');
  if (data && !formString(body, 'payment_method') && formString(data, 'type') !== 'card') {
    throw invalidRequest('Invalid payment_method_data[type]: must be card', {
      code: 'parameter_invalid_string',
      param: 'payment_method_data[type]',
    });
  }
  const verdict = await verdictFromBody(formString(body, 'payment_method'), data);
  if (verdict) return verdict;
  if (intent.payment_method) return verdictForMethod(intent.payment_method);
  throw unexpectedState(
    "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
  );
}

const failedMethodObject = (card: SandboxCard) => ({
  id: sandboxId('pm'),
  object: 'payment_method',
  type: 'card',
  card: cardDetailsOf(card),
  created: now(),
  livemode: false,
});

export function lastPaymentError(failure: CardFailure, card: SandboxCard) {
  return {
    type: 'card_error',
    code: failure.code,
    ...(failure.declineCode ? { decline_code: failure.declineCode } : {}),
    message: failure.message,
    doc_url: `https://stripe.com/docs/error-codes/${failure.code.replace(/_/g, '-')}`,
    payment_method: failedMethodObject(card),
  };
}

/**
 * Charges the intent with a test payment method or test card. Success and decline change the
 * intent and send the webhook Stripe would; card details that are simply wrong change nothing.
 * `view` shapes the intent for the caller (the whole object for a secret key); `sendEvent`
 * delivers the webhooks.
 */
export function confirmIntent(
  id: string,
  body: FormObject,
  caller: { publishable: boolean },
  sendEvent: SendEvent,
  /** What else a success does (an invoice it pays), inside the intent's lock, before the answer. */
  onSucceeded?: (intent: SandboxPaymentIntent) => Promise<void>,
): Promise<ReturnType<typeof publicView> | SandboxPaymentIntent> {
  const view = (intent: SandboxPaymentIntent) => (caller.publishable ? publicView(intent) : intent);
  return withObjectLock(KIND, id, async () => {
    const intent = await findIntent(id);
    if (caller.publishable) assertClientSecret(intent, formString(body, 'client_secret'));
    if (intent.status === 'succeeded') {
      throw unexpectedState(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      );
    }
    if (!CONFIRMABLE.has(intent.status)) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
      );
    }
    const verdict = await verdictFor(intent, body);
    if (verdict.kind === 'unknown_method')
      throw resourceMissing('PaymentMethod', verdict.id, 'payment_method');
    if (verdict.kind === 'invalid') throw cardError(verdict.failure, view(intent));

    intent.latest_charge = sandboxId('ch');
    if (verdict.kind === 'declined') {
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = lastPaymentError(verdict.failure, verdict.card);
      await saveObject(KIND, intent);
      await sendEvent('payment_intent.payment_failed', intent);
      throw cardError(verdict.failure, view(intent));
    }
    const method = formString(body, 'payment_method') ?? intent.payment_method;
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.payment_method =
      method && /^pm_(?!card_)/.test(method) ? method : (await savePaymentMethod(verdict.card)).id;
    intent.last_payment_error = null;
    await saveObject(KIND, intent);
    await sendEvent('payment_intent.succeeded', intent);
    await onSucceeded?.(intent);
    return view(intent);
  });
}
