/**
 * The browser's side of the local Stripe sandbox: what Stripe.js would send to Stripe to confirm a
 * card payment, sent to the sandbox's copy of Stripe's API instead. Only used in sandbox mode.
 */

export interface SandboxCard {
  /** Digits only. */
  number: string;
  /** 1-12. */
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
}

/** A card the provider refused, with the provider's message for the customer. */
export class CardPaymentError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'CardPaymentError';
  }
}

interface StripeErrorBody {
  error?: { message?: string; code?: string; decline_code?: string };
}

interface ConfirmedIntent {
  id: string;
  status: string;
}

const FALLBACK_MESSAGE = 'Your payment could not be processed.';

async function readJson<T>(res: Response): Promise<T | undefined> {
  try {
    return (await res.json()) as T;
  } catch {
    return undefined;
  }
}

/** What lets a browser act on one intent: the deployment's publishable key and the intent's client secret. */
export interface SandboxIntentAccess {
  publishableKey: string;
  paymentIntentId: string;
  clientSecret: string;
}

/** The card as Stripe.js sends it: `payment_method_data` of a card, with the publishable key and client secret. */
function cardConfirmBody(publishableKey: string, clientSecret: string, card: SandboxCard) {
  return new URLSearchParams({
    key: publishableKey,
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card.number,
    'payment_method_data[card][exp_month]': String(card.expMonth).padStart(2, '0'),
    'payment_method_data[card][exp_year]': String(card.expYear),
    'payment_method_data[card][cvc]': card.cvc,
  });
}

/** Posts a confirm to the sandbox's copy of Stripe's API and resolves once the intent succeeded. */
async function confirmIntent(path: string, body: URLSearchParams): Promise<void> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
  } catch {
    throw new CardPaymentError('Could not reach the payment provider. Please try again.');
  }
  if (!res.ok) {
    const parsed = await readJson<StripeErrorBody>(res);
    throw new CardPaymentError(parsed?.error?.message || FALLBACK_MESSAGE, parsed?.error?.code);
  }
  const intent = await readJson<ConfirmedIntent>(res);
  if (intent?.status !== 'succeeded') {
    throw new CardPaymentError(FALLBACK_MESSAGE, intent?.status);
  }
}

/**
 * Confirms the intent with the card, as Stripe's `POST /v1/payment_intents/:id/confirm` with a
 * publishable key and client secret. Resolves when the payment succeeded; a decline or any other
 * refusal rejects with a CardPaymentError carrying the provider's message.
 */
export function confirmSandboxPayment(
  { publishableKey, paymentIntentId, clientSecret }: SandboxIntentAccess,
  card: SandboxCard,
): Promise<void> {
  return confirmIntent(
    `/sandbox/stripe/v1/payment_intents/${encodeURIComponent(paymentIntentId)}/confirm`,
    cardConfirmBody(publishableKey, clientSecret, card),
  );
}

/** What lets a browser save a card on a SetupIntent. */
export interface SandboxSetupAccess {
  publishableKey: string;
  setupIntentId: string;
  clientSecret: string;
}

/**
 * Saves the card on the SetupIntent, as Stripe's `POST /v1/setup_intents/:id/confirm` with a
 * publishable key and client secret. Resolves when the SetupIntent succeeded; a refused card
 * rejects with a CardPaymentError carrying the provider's message.
 */
export function confirmSandboxSetup(
  { publishableKey, setupIntentId, clientSecret }: SandboxSetupAccess,
  card: SandboxCard,
): Promise<void> {
  return confirmIntent(
    `/sandbox/stripe/v1/setup_intents/${encodeURIComponent(setupIntentId)}/confirm`,
    cardConfirmBody(publishableKey, clientSecret, card),
  );
}
