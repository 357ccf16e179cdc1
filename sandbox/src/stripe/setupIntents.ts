import { cardError, invalidRequest, resourceMissing } from './errors';
import { formList, formObject, formString, type FormObject } from './formBody';
import { mergeMetadata, rejectUnknownParams } from './params';
import { cardToSave, saveCardFor, verdictFromBody } from './paymentMethods';
import { loadObject, randomToken, sandboxId, saveObject, withObjectLock } from './store';
import type { SendEvent } from './webhookDelivery';

/** A SetupIntent in Stripe's shape: saving a card for later, off-session charges. */
export interface SandboxSetupIntent {
  id: string;
  object: 'setup_intent';
  allowed_payment_method_types: string[] | null;
  automatic_payment_methods: null;
  cancellation_reason: null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  excluded_payment_method_types: null;
  last_setup_error: Record<string, unknown> | null;
  latest_attempt: null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  usage: 'off_session' | 'on_session';
}

const KIND = 'setup_intent';

export async function createSetupIntent(body: FormObject): Promise<SandboxSetupIntent> {
  rejectUnknownParams(body, [
    'customer',
    // payment_method_types before API version 2026-10-28, allowed_payment_method_types since.
    'payment_method_types',
    'allowed_payment_method_types',
    'usage',
    'metadata',
    'description',
  ]);
  const types = [
    ...formList(body, 'payment_method_types'),
    ...formList(body, 'allowed_payment_method_types'),
  ];
  if (types.some((type) => type !== 'card')) {
    throw invalidRequest('The sandbox saves cards only (payment method type card).', {
      param: 'allowed_payment_method_types',
    });
  }
  const customer = formString(body, 'customer') || null;
  if (customer && !(await loadObject('customer', customer)))
    throw resourceMissing('customer', customer, 'customer');
  const id = sandboxId('seti');
  const intent: SandboxSetupIntent = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: formList(body, 'allowed_payment_method_types').length ? ['card'] : null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${id}_secret_${randomToken(25)}`,
    created: Math.floor(Date.now() / 1000),
    customer,
    description: formString(body, 'description') || null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    metadata: mergeMetadata({}, body),
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    status: 'requires_payment_method',
    usage: formString(body, 'usage') === 'on_session' ? 'on_session' : 'off_session',
  };
  await saveObject(KIND, intent);
  return intent;
}

export async function findSetupIntent(id: string): Promise<SandboxSetupIntent> {
  const intent = /^seti_[A-Za-z0-9]+$/.test(id) ? await loadObject<SandboxSetupIntent>(KIND, id) : undefined;
  if (!intent) throw resourceMissing('setup_intent', id, 'intent');
  return intent;
}

/** What a browser with the publishable key and client secret sees: no customer or metadata. */
export function setupPublicView(intent: SandboxSetupIntent) {
  const { customer: _c, metadata: _m, ...visible } = intent;
  return visible;
}

export function assertSetupSecret(intent: SandboxSetupIntent, clientSecret: string | undefined) {
  if (clientSecret !== intent.client_secret) {
    throw invalidRequest(
      clientSecret
        ? 'The client_secret provided does not match the client_secret associated with the SetupIntent.'
        : 'This API call cannot be made with a publishable API key without the client_secret of the SetupIntent.',
      { param: 'client_secret' },
      clientSecret ? 400 : 401,
    );
  }
}

/**
 * POST /v1/setup_intents/:id/confirm: the card is saved and attached to the customer, or a card
 * Stripe declines at once (pm_card_chargeDeclined) is refused with a card_error.
 */
export function confirmSetupIntent(
  id: string,
  body: FormObject,
  caller: { publishable: boolean },
  emit: SendEvent,
) {
  const view = (intent: SandboxSetupIntent) => (caller.publishable ? setupPublicView(intent) : intent);
  return withObjectLock(KIND, id, async () => {
    const intent = await findSetupIntent(id);
    if (caller.publishable) assertSetupSecret(intent, formString(body, 'client_secret'));
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      throw invalidRequest(
        `You cannot confirm this SetupIntent because it has a status of ${intent.status}.`,
        {
          code: 'setup_intent_unexpected_state',
        },
      );
    }
    const verdict = await verdictFromBody(
      formString(body, 'payment_method'),
      formObject(body, 'payment_method_data'),
    );
    if (!verdict) {
      throw invalidRequest('You cannot confirm this SetupIntent because it is missing a payment method.', {
        code: 'setup_intent_unexpected_state',
      });
    }
    let card;
    try {
      card = await cardToSave(verdict);
    } catch (err) {
      if (verdict.kind === 'declined') {
        intent.last_setup_error = {
          type: 'card_error',
          code: verdict.failure.code,
          message: verdict.failure.message,
        };
        await saveObject(KIND, intent);
        await emit('setup_intent.setup_failed', intent);
        throw cardError(verdict.failure);
      }
      throw err;
    }
    const method = await saveCardFor(intent.customer, card);
    intent.payment_method = method.id;
    intent.status = 'succeeded';
    intent.last_setup_error = null;
    await saveObject(KIND, intent);
    await emit('setup_intent.succeeded', intent);
    return view(intent);
  });
}
