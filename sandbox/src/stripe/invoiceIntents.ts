import type { CardFailure, SandboxCard } from './cards';
import {
  findIntent,
  INTENT_KIND as KIND,
  lastPaymentError,
  newIntent,
  type SandboxPaymentIntent,
} from './paymentIntents';
import { sandboxId, saveObject } from './store';

/** The PaymentIntent an invoice is paid through, for what is due on it. */
export async function createInvoiceIntent(fields: {
  amount: number;
  customer: string;
  created: number;
  description: string;
}): Promise<SandboxPaymentIntent> {
  const intent = newIntent({
    ...fields,
    currency: 'usd',
    metadata: {},
    receiptEmail: null,
    automatic: false,
  });
  await saveObject(KIND, intent);
  return intent;
}

/**
 * A charge the server makes without a browser (an invoice paid off-session): the intent succeeds
 * with the payment method, or records the decline. The caller holds the intent's lock
 * (`INTENT_KIND`), so a browser's confirm and this charge never both run; webhooks are the caller's.
 */
export async function recordCharge(
  id: string,
  paymentMethod: string,
  outcome: { failure: CardFailure; card: SandboxCard } | undefined,
): Promise<SandboxPaymentIntent> {
  const intent = await findIntent(id);
  intent.latest_charge = sandboxId('ch');
  if (outcome) {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = lastPaymentError(outcome.failure, outcome.card);
  } else {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.payment_method = paymentMethod;
    intent.last_payment_error = null;
  }
  await saveObject(KIND, intent);
  return intent;
}
