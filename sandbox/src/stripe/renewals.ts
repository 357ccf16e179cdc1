import { findCustomer } from './customers';
import { invalidRequest } from './errors';
import { chargeInvoice } from './invoiceCharges';
import { issueInvoice, type DraftLine } from './invoices';
import { meteredUsage } from './meters';
import { tieredAmount } from './prices';
import { peekPendingLines, takePendingLines } from './subscriptionChanges';
import { itemLine } from './subscriptionParams';
import { withObjectLock } from './store';
import {
  addMonth,
  endSubscription,
  findSubscription,
  periodOf,
  saveSubscription,
  SUBSCRIPTION_KIND,
  type SandboxSubscription,
} from './subscriptionStore';
import type { SendEvent } from './webhookDelivery';

/** A renewal's lines: the licensed items for the new period, the closed period's metered usage, pending prorations. */
async function renewalLines(
  sub: SandboxSubscription,
  closed: { start: number; end: number },
  next: { start: number; end: number },
): Promise<DraftLine[]> {
  const lines: DraftLine[] = [];
  for (const item of sub.items.data) {
    const meter = item.price.recurring?.meter;
    if (item.price.recurring?.usage_type !== 'metered' || !meter) {
      lines.push(itemLine(item, next));
      continue;
    }
    const usage = await meteredUsage(meter, sub.customer, closed.start, closed.end);
    lines.push({
      amount:
        item.price.billing_scheme === 'tiered'
          ? tieredAmount(item.price, usage)
          : usage * (item.price.unit_amount ?? 0),
      description: `${usage} × ${item.price.nickname ?? item.price.lookup_key ?? item.price.product} (metered)`,
      period: closed,
      price: item.price,
      quantity: usage,
      proration: false,
      subscriptionItem: item.id,
    });
  }
  return lines;
}

/**
 * The renewal at the period's end: a new period, a `subscription_cycle` invoice (period_start/end
 * are the closed period, as on Stripe) charged at once to the default payment method.
 */
export async function renewSubscription(subId: string, at: number, emit: SendEvent): Promise<void> {
  const renewed = await withObjectLock(SUBSCRIPTION_KIND, subId, async () => {
    const sub = await findSubscription(subId);
    const closed = periodOf(sub);
    if (closed.end > at) return undefined;
    const next = { start: closed.end, end: addMonth(closed.end, sub.billing_cycle_anchor) };
    for (const item of sub.items.data) {
      item.current_period_start = next.start;
      item.current_period_end = next.end;
    }
    const lines = [...(await renewalLines(sub, closed, next)), ...(await takePendingLines(sub.id))];
    const invoice = await issueInvoice({
      customer: await findCustomer(sub.customer),
      subscription: { id: sub.id, metadata: sub.metadata },
      lines,
      billingReason: 'subscription_cycle',
      at,
      period: closed,
    });
    sub.latest_invoice = invoice.id;
    await saveSubscription(sub);
    return { sub, invoice };
  });
  if (!renewed) return;
  await emit('customer.subscription.updated', renewed.sub);
  await emit('invoice.finalized', renewed.invoice);
  await chargeInvoice(renewed.invoice.id, null, at, emit, { automatic: true });
}

/** cancel_at_period_end reached: the subscription ends (customer.subscription.deleted). */
export async function endAtPeriodEnd(subId: string, at: number, emit: SendEvent): Promise<void> {
  const change = await withObjectLock(SUBSCRIPTION_KIND, subId, async () => {
    const sub = await findSubscription(subId);
    if (sub.status === 'canceled') return undefined;
    return endSubscription(sub, at, 'cancellation_requested');
  });
  if (change) await emit(change.type, change.sub);
}

/** POST /v1/invoices/create_preview: the subscription's next renewal, nothing saved. */
export async function previewRenewal(subId: string, customerId: string) {
  const sub = await findSubscription(subId);
  if (sub.customer !== customerId) {
    throw invalidRequest(`The subscription ${subId} does not belong to customer ${customerId}.`, {
      param: 'subscription',
    });
  }
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired' || sub.cancel_at_period_end) {
    throw invalidRequest(
      `No upcoming invoices for customer: ${customerId}`,
      { code: 'invoice_upcoming_none' } as never,
      404,
    );
  }
  const customer = await findCustomer(customerId);
  const closed = periodOf(sub);
  const next = { start: closed.end, end: addMonth(closed.end, sub.billing_cycle_anchor) };
  const lines = [...(await renewalLines(sub, closed, next)), ...(await peekPendingLines(sub.id))];
  const total = lines.reduce((sum, line) => sum + line.amount, 0);
  const amountDue = Math.max(0, total + customer.balance);
  return {
    id: `upcoming_${sub.id}`,
    object: 'invoice' as const,
    amount_due: amountDue,
    amount_paid: 0,
    amount_remaining: amountDue,
    billing_reason: 'subscription_cycle' as const,
    created: closed.end,
    currency: 'usd',
    customer: customerId,
    ending_balance: Math.min(0, total + customer.balance),
    lines: {
      object: 'list' as const,
      data: lines.map((line) => ({
        object: 'line_item' as const,
        amount: line.amount,
        currency: 'usd',
        description: line.description,
        period: line.period,
        quantity: line.quantity,
        pricing: {
          type: 'price_details',
          price_details: { price: line.price.id, product: line.price.product },
        },
      })),
      has_more: false,
      url: '/v1/invoices/create_preview/lines',
    },
    livemode: false,
    next_payment_attempt: closed.end,
    parent: {
      type: 'subscription_details',
      subscription_details: { metadata: sub.metadata, subscription: sub.id },
    },
    period_end: closed.end,
    period_start: closed.start,
    starting_balance: customer.balance,
    status: 'draft' as const,
    subtotal: total,
    total,
    test_clock: customer.test_clock,
  };
}
