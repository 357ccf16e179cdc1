import { cardError, invalidRequest } from './errors';
import { customerNow, findCustomer } from './customers';
import { findInvoice, intentOf, saveInvoice, type SandboxInvoice, INVOICE_KIND } from './invoices';
import { recordCharge } from './invoiceIntents';
import { findIntent, INTENT_KIND, type SandboxPaymentIntent } from './paymentIntents';
import type { SandboxEventType } from './events';
import { attachPaymentMethod, verdictForMethod } from './paymentMethods';
import { endSubscription, findSubscription, saveSubscription, SUBSCRIPTION_KIND } from './subscriptionStore';
import { withObjectLock } from './store';
import type { SendEvent } from './webhookDelivery';

const DAY = 86_400;
/** Stripe's retries of a failed renewal: 3, 5 and 7 days after the first failure; then it cancels. */
export const RETRY_DAYS = [3, 5, 7];

const subscriptionOf = (invoice: SandboxInvoice) => invoice.parent?.subscription_details.subscription;

/**
 * An invoice is paid: its payment and status, then its subscription active again (and, for the
 * first invoice with save_default_payment_method, the card kept as the subscription's default).
 */
export async function markInvoicePaid(
  invoiceId: string,
  paymentMethod: string | null,
  at: number,
  emit: SendEvent,
): Promise<SandboxInvoice> {
  const invoice = await withObjectLock(INVOICE_KIND, invoiceId, async () => {
    const current = await findInvoice(invoiceId);
    if (current.status !== 'open') return undefined;
    current.status = 'paid';
    current.amount_paid = current.amount_due;
    current.amount_remaining = 0;
    current.attempted = current.attempted || current.amount_due > 0;
    if (current.amount_due > 0) current.attempt_count += 1;
    current.next_payment_attempt = null;
    current.status_transitions.paid_at = at;
    for (const payment of current.payments?.data ?? []) {
      payment.status = 'paid';
      payment.amount_paid = payment.amount_requested;
      payment.status_transitions.paid_at = at;
    }
    await saveInvoice(current);
    return current;
  });
  if (!invoice) return findInvoice(invoiceId);
  await emit('invoice.paid', invoice);
  const subId = subscriptionOf(invoice);
  if (!subId) return invoice;
  const sub = await withObjectLock(SUBSCRIPTION_KIND, subId, async () => {
    const current = await findSubscription(subId);
    let changed = false;
    if (current.status === 'incomplete' || current.status === 'past_due' || current.status === 'unpaid') {
      current.status = 'active';
      changed = true;
    }
    if (
      paymentMethod &&
      invoice.billing_reason === 'subscription_create' &&
      current.payment_settings.save_default_payment_method === 'on_subscription'
    ) {
      await attachPaymentMethod(paymentMethod, current.customer);
      current.default_payment_method = paymentMethod;
      changed = true;
    }
    if (changed) await saveSubscription(current);
    return changed ? current : undefined;
  });
  if (sub) await emit('customer.subscription.updated', sub);
  return invoice;
}

/** The browser confirmed an invoice's PaymentIntent: the invoice is paid (step 3 of the flow). */
export async function settleIntentInvoice(intent: SandboxPaymentIntent, invoiceId: string, emit: SendEvent) {
  const invoice = await findInvoice(invoiceId);
  const customer = await findCustomer(invoice.customer);
  await markInvoicePaid(invoiceId, intent.payment_method, await customerNow(customer), emit);
}

/** The payment method an automatic charge uses: the subscription's default, else the customer's. */
export async function defaultMethodFor(invoice: SandboxInvoice): Promise<string | null> {
  const subId = subscriptionOf(invoice);
  const sub = subId ? await findSubscription(subId) : undefined;
  if (sub?.default_payment_method) return sub.default_payment_method;
  return (await findCustomer(invoice.customer)).invoice_settings.default_payment_method;
}

export type ChargeOutcome =
  | { paid: true; invoice: SandboxInvoice }
  | {
      paid: false;
      invoice: SandboxInvoice;
      failure: { code: string; message: string; declineCode?: string };
    };

const NO_METHOD = {
  code: 'invoice_no_payment_method',
  message: 'The customer has no default payment method to charge.',
};

/**
 * Charges an open invoice with `paymentMethod` (or the default) at `at`. A failure is recorded as
 * an attempt; when `automatic`, it also schedules Stripe's next retry or, after the last, cancels
 * the subscription, and a renewal's failure makes the subscription past_due. The charge runs under
 * the invoice's PaymentIntent lock, so a browser's confirm, a payment by the server and a clock's
 * retry never charge one invoice twice; its webhooks are sent, in order, once the lock is released.
 */
export async function chargeInvoice(
  invoiceId: string,
  paymentMethod: string | null,
  at: number,
  emit: SendEvent,
  options: { automatic: boolean },
): Promise<ChargeOutcome> {
  const invoice = await findInvoice(invoiceId);
  const intentId = intentOf(invoice);
  if (!intentId) {
    if (invoice.status !== 'open') throw notOpen(invoice);
    return { paid: true, invoice: await markInvoicePaid(invoice.id, null, at, emit) };
  }
  const queued: [SandboxEventType, unknown][] = [];
  const later: SendEvent = async (type, object) => void queued.push([type, structuredClone(object)]);
  const outcome = await withObjectLock(INTENT_KIND, intentId, () =>
    chargeLocked(invoiceId, intentId, paymentMethod, at, later, options),
  );
  for (const [type, object] of queued) await emit(type, object);
  return outcome;
}

const notOpen = (invoice: SandboxInvoice) =>
  invalidRequest(`Invoice ${invoice.id} is already ${invoice.status}.`, {
    code: 'invoice_not_open',
  } as never);

async function chargeLocked(
  invoiceId: string,
  intentId: string,
  paymentMethod: string | null,
  at: number,
  emit: SendEvent,
  { automatic }: { automatic: boolean },
): Promise<ChargeOutcome> {
  const invoice = await findInvoice(invoiceId);
  if (invoice.status !== 'open') {
    // A retry finds the invoice paid meanwhile (a new card); a caller asking to pay it is told.
    if (!automatic) throw notOpen(invoice);
    if (invoice.status === 'paid') return { paid: true, invoice };
    return {
      paid: false,
      invoice,
      failure: { code: 'invoice_not_open', message: `The invoice is ${invoice.status}.` },
    };
  }
  const method = paymentMethod ?? (await defaultMethodFor(invoice));
  const verdict = method ? await verdictForMethod(method) : undefined;
  if (verdict?.kind === 'succeeds') {
    const saved = method!.startsWith('pm_card_')
      ? (await attachPaymentMethod(method!, invoice.customer)).id
      : method!;
    const intent = await recordCharge(intentId, saved, undefined);
    await emit('payment_intent.succeeded', intent);
    return { paid: true, invoice: await markInvoicePaid(invoice.id, saved, at, emit) };
  }
  const failure =
    verdict?.kind === 'declined' || verdict?.kind === 'invalid'
      ? verdict.failure
      : verdict?.kind === 'unknown_method'
        ? { code: 'resource_missing', message: `No such PaymentMethod: '${verdict.id}'` }
        : NO_METHOD;
  if (verdict?.kind === 'declined') {
    const intent = await recordCharge(intentId, method!, { failure: verdict.failure, card: verdict.card });
    await emit('payment_intent.payment_failed', intent);
  }
  const failed = await withObjectLock(INVOICE_KIND, invoice.id, async () => {
    const current = await findInvoice(invoice.id);
    current.attempt_count += 1;
    current.attempted = true;
    if (automatic) {
      const retryDay = RETRY_DAYS[current.attempt_count - 1];
      const firstFailure = current.status_transitions.finalized_at ?? current.created;
      current.next_payment_attempt = retryDay === undefined ? null : firstFailure + retryDay * DAY;
    }
    await saveInvoice(current);
    return current;
  });
  await emit('invoice.payment_failed', failed);
  const subId = subscriptionOf(failed);
  if (automatic && subId) {
    const change = await withObjectLock(SUBSCRIPTION_KIND, subId, async () => {
      const sub = await findSubscription(subId);
      if (failed.next_payment_attempt === null && sub.status !== 'canceled') {
        return endSubscription(sub, at, 'payment_failed');
      }
      if (sub.status !== 'active') return undefined;
      sub.status = 'past_due';
      await saveSubscription(sub);
      return { sub, type: 'customer.subscription.updated' as const };
    });
    if (change) await emit(change.type, change.sub);
  }
  return { paid: false, invoice: failed, failure };
}

/** POST /v1/invoices/:id/pay: a card error (402) when the charge fails, as Stripe answers. */
export async function payInvoice(invoiceId: string, paymentMethod: string | undefined, emit: SendEvent) {
  const invoice = await findInvoice(invoiceId);
  const at = await customerNow(await findCustomer(invoice.customer));
  const outcome = await chargeInvoice(invoiceId, paymentMethod ?? null, at, emit, { automatic: false });
  if (!outcome.paid) {
    const intentId = intentOf(outcome.invoice);
    throw cardError(outcome.failure, intentId ? await findIntent(intentId) : undefined);
  }
  return outcome.invoice;
}
