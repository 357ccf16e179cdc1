import type { CardFailure, SandboxCard } from './cards';
import {
  findIntent,
  INTENT_KIND as KIND,
  lastPaymentError,
  newIntent,
  type SandboxPaymentIntent,
} from './paymentIntents';
import { sandboxId, saveObject, withObjectLock } from './store';

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
 * with the payment method, or records the decline. Stripe's webhooks for it are the caller's.
 */
export function recordCharge(
  id: string,
  paymentMethod: string,
  outcome: { failure: CardFailure; card: SandboxCard } | undefined,
): Promise<SandboxPaymentIntent> {
  return withObjectLock(KIND, id, async () => {
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
  });
}
