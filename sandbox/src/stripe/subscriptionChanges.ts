import { customerNow, findCustomer } from './customers';
import { invalidRequest } from './errors';
import { formString, type FormObject, type FormValue } from './formBody';
import { chargeInvoice } from './invoiceCharges';
import { findInvoice, intentOf, issueInvoice, saveInvoice, type DraftLine, INVOICE_KIND } from './invoices';
import { mergeMetadata, readDescription, rejectUnknownParams } from './params';
import { findIntent, INTENT_KIND } from './paymentIntents';
import { findPaymentMethod } from './paymentMethods';
import { findPrice } from './prices';
import { loadObject, saveObject, withObjectLock } from './store';
import {
  endSubscription,
  findSubscription,
  periodOf,
  saveSubscription,
  SUBSCRIPTION_KIND,
  type SandboxSubscription,
} from './subscriptionStore';
import { newItem } from './subscriptions';
import type { SendEvent } from './webhookDelivery';

/** Prorations made with create_prorations wait here for the next renewal's invoice. */
const PENDING_KIND = 'pending_invoice_lines';

export async function takePendingLines(subId: string): Promise<DraftLine[]> {
  const pending = await loadObject<{ id: string; lines: DraftLine[] }>(PENDING_KIND, subId);
  if (pending?.lines.length) await saveObject(PENDING_KIND, { id: subId, lines: [] });
  return pending?.lines ?? [];
}

export async function peekPendingLines(subId: string): Promise<DraftLine[]> {
  return (await loadObject<{ id: string; lines: DraftLine[] }>(PENDING_KIND, subId))?.lines ?? [];
}

const asEntries = (value: FormValue | undefined): FormObject[] =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'object' && !Array.isArray(v) ? v : {})) : [];

/** Unused time on the old price and remaining time on the new one, from `at` to the period's end. */
async function changeItems(sub: SandboxSubscription, items: FormObject[], at: number): Promise<DraftLine[]> {
  const period = periodOf(sub);
  const fraction = Math.max(0, (period.end - at) / Math.max(1, period.end - period.start));
  const lines: DraftLine[] = [];
  for (const [i, entry] of items.entries()) {
    const itemId = formString(entry, 'id');
    const priceId = formString(entry, 'price');
    const quantityText = formString(entry, 'quantity');
    const existing = sub.items.data.find((item) => item.id === itemId);
    if (itemId && !existing)
      throw invalidRequest(`No such subscription item: '${itemId}'`, { param: `items[${i}][id]` });
    if (existing && formString(entry, 'deleted') === 'true') {
      const credit = Math.round((existing.price.unit_amount ?? 0) * (existing.quantity ?? 1) * fraction);
      if (credit)
        lines.push(prorationLine(existing.price, existing.id, -credit, 'Unused time', at, period.end));
      sub.items.data = sub.items.data.filter((item) => item !== existing);
      continue;
    }
    const price = priceId ? await findPrice(priceId) : existing?.price;
    if (!price)
      throw invalidRequest(`Missing required param: items[${i}][price].`, { param: `items[${i}][price]` });
    const quantity = quantityText ? Number(quantityText) : (existing?.quantity ?? 1);
    if (existing) {
      const before = (existing.price.unit_amount ?? 0) * (existing.quantity ?? 1);
      const after = (price.unit_amount ?? 0) * quantity;
      if (before !== after) {
        lines.push(
          prorationLine(
            existing.price,
            existing.id,
            -Math.round(before * fraction),
            'Unused time',
            at,
            period.end,
          ),
        );
        lines.push(
          prorationLine(price, existing.id, Math.round(after * fraction), 'Remaining time', at, period.end),
        );
      }
      existing.price = price;
      if (price.recurring?.usage_type !== 'metered') existing.quantity = quantity;
    } else {
      const item = newItem(sub.id, price, quantity, period.start, sub.billing_cycle_anchor);
      item.current_period_end = period.end;
      sub.items.data.push(item);
      const amount = Math.round((price.unit_amount ?? 0) * quantity * fraction);
      if (amount) lines.push(prorationLine(price, item.id, amount, 'Remaining time', at, period.end));
    }
  }
  sub.items.total_count = sub.items.data.length;
  return lines;
}

function prorationLine(
  price: DraftLine['price'] & { lookup_key?: string | null },
  itemId: string,
  amount: number,
  what: string,
  at: number,
  end: number,
): DraftLine {
  const name = price.lookup_key ?? price.product;
  const since = new Date(at * 1000).toISOString().slice(0, 10);
  return {
    amount,
    description: `${what} on ${name} after ${since}`,
    period: { start: at, end },
    price,
    quantity: 1,
    proration: true,
    subscriptionItem: itemId,
  };
}

/**
 * POST /v1/subscriptions/:id: cancel_at_period_end, default_payment_method, metadata, and item
 * changes with proration_behavior always_invoice (a proration invoice charged now),
 * create_prorations (billed at renewal) or none.
 */
export async function updateSubscription(id: string, body: FormObject, emit: SendEvent) {
  rejectUnknownParams(body, [
    'items',
    'proration_behavior',
    'billing_cycle_anchor',
    'cancel_at_period_end',
    'default_payment_method',
    'metadata',
    'description',
    'payment_behavior',
  ]);
  const behavior = formString(body, 'proration_behavior') ?? 'create_prorations';
  if (!['always_invoice', 'create_prorations', 'none'].includes(behavior)) {
    throw invalidRequest(`Invalid proration_behavior: ${behavior}`, { param: 'proration_behavior' });
  }
  // `billing_cycle_anchor[type]` since API version 2026-10-28, a plain string before.
  const anchor = formString(body, 'billing_cycle_anchor') ?? formString(body, 'billing_cycle_anchor', 'type');
  if (anchor !== undefined && anchor !== 'unchanged') {
    throw invalidRequest('The sandbox keeps billing_cycle_anchor unchanged.', {
      param: 'billing_cycle_anchor',
    });
  }
  const method = formString(body, 'default_payment_method');
  if (method) await findPaymentMethod(method);
  const current = await findSubscription(id);
  const at = await customerNow(await findCustomer(current.customer));
  const { sub, lines } = await withObjectLock(SUBSCRIPTION_KIND, id, async () => {
    const sub = await findSubscription(id);
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', {
        code: 'resource_missing',
      } as never);
    }
    const cancel = formString(body, 'cancel_at_period_end');
    if (cancel !== undefined) {
      sub.cancel_at_period_end = cancel === 'true';
      sub.cancel_at = sub.cancel_at_period_end ? periodOf(sub).end : null;
      sub.canceled_at = sub.cancel_at_period_end ? at : null;
      sub.cancellation_details.reason = sub.cancel_at_period_end ? 'cancellation_requested' : null;
    }
    if (method !== undefined) sub.default_payment_method = method || null;
    const description = readDescription(body);
    if (description !== undefined) sub.description = description;
    sub.metadata = mergeMetadata(sub.metadata, body);
    const lines = await changeItems(sub, asEntries(body.items), at);
    await saveSubscription(sub);
    return { sub, lines };
  });
  await emit('customer.subscription.updated', sub);
  if (lines.length === 0 || behavior === 'none') return sub;
  if (behavior === 'create_prorations') {
    await saveObject(PENDING_KIND, { id, lines: [...(await peekPendingLines(id)), ...lines] });
    return sub;
  }
  const invoice = await issueInvoice({
    customer: await findCustomer(sub.customer),
    subscription: { id, metadata: sub.metadata },
    lines,
    billingReason: 'subscription_update',
    at,
    period: { start: at, end: at },
  });
  const withInvoice = await withObjectLock(SUBSCRIPTION_KIND, id, async () => {
    const latest = await findSubscription(id);
    latest.latest_invoice = invoice.id;
    await saveSubscription(latest);
    return latest;
  });
  await emit('invoice.finalized', invoice);
  await chargeInvoice(invoice.id, null, at, emit, { automatic: true });
  return findSubscription(withInvoice.id);
}

/** DELETE /v1/subscriptions/:id: ends it now; an incomplete one's open first invoice is voided. */
export async function cancelSubscription(id: string, emit: SendEvent) {
  const current = await findSubscription(id);
  const at = await customerNow(await findCustomer(current.customer));
  const change = await withObjectLock(SUBSCRIPTION_KIND, id, async () => {
    const sub = await findSubscription(id);
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') return undefined;
    if (sub.status === 'incomplete' && sub.latest_invoice) await voidInvoice(sub.latest_invoice, at);
    const ended = await endSubscription(sub, at, 'cancellation_requested');
    // Canceling an incomplete subscription ends it as canceled, as Stripe does when asked.
    ended.sub.status = 'canceled';
    await saveSubscription(ended.sub);
    return { sub: ended.sub, type: 'customer.subscription.deleted' as const };
  });
  if (change) await emit(change.type, change.sub);
  return findSubscription(id);
}

export async function voidInvoice(invoiceId: string, at: number) {
  return withObjectLock(INVOICE_KIND, invoiceId, async () => {
    const invoice = await findInvoice(invoiceId);
    if (invoice.status !== 'open') return invoice;
    invoice.status = 'void';
    invoice.next_payment_attempt = null;
    invoice.status_transitions.voided_at = at;
    for (const payment of invoice.payments?.data ?? []) {
      payment.status = 'canceled';
      payment.status_transitions.canceled_at = at;
    }
    // Its PaymentIntent can no longer be confirmed. (Not under the intent's lock: a confirm holds
    // that lock and then this subscription's, and the other order could wait on it.)
    const intentId = intentOf(invoice);
    const intent = intentId ? await findIntent(intentId) : undefined;
    if (intent && intent.status !== 'succeeded') {
      await saveObject(INTENT_KIND, {
        ...intent,
        status: 'canceled',
        canceled_at: at,
        cancellation_reason: 'void_invoice',
      });
    }
    await saveInvoice(invoice);
    return invoice;
  });
}
