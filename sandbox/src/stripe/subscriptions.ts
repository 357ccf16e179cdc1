import { customerNow, findCustomer } from './customers';
import { invalidRequest } from './errors';
import { formString, type FormObject } from './formBody';
import { markInvoicePaid } from './invoiceCharges';
import { issueInvoice } from './invoices';
import { mergeMetadata, readDescription, rejectUnknownParams } from './params';
import { findPaymentMethod } from './paymentMethods';
import { findPrice, type SandboxPrice } from './prices';
import { sandboxId } from './store';
import {
  addMonth,
  findSubscription,
  indexSubscription,
  saveSubscription,
  type SandboxSubscription,
  type SandboxSubscriptionItem,
} from './subscriptionStore';
import {
  anchoredLines,
  entries,
  itemLine,
  oneTimeLines,
  readAnchor,
  readCoupon,
  readQuantity,
} from './subscriptionParams';
import type { SendEvent } from './webhookDelivery';

/** A subscription item for a price, its period starting at `at`. */
export function newItem(
  subscription: string,
  price: SandboxPrice,
  quantity: number,
  at: number,
  anchor: number,
) {
  const item: SandboxSubscriptionItem = {
    id: sandboxId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: at,
    current_period_end: addMonth(at, anchor),
    current_period_start: at,
    discounts: [],
    metadata: {},
    price,
    ...(price.recurring?.usage_type === 'metered' ? {} : { quantity }),
    subscription,
    tax_rates: [],
  };
  return item;
}

/**
 * POST /v1/subscriptions. With payment_behavior default_incomplete the subscription starts
 * `incomplete` with an open first invoice whose PaymentIntent the browser confirms; a first invoice
 * with nothing due is paid at once and the subscription is active.
 */
export async function createSubscription(body: FormObject, emit: SendEvent) {
  rejectUnknownParams(body, [
    'customer',
    'items',
    'add_invoice_items',
    'discounts',
    'payment_behavior',
    'payment_settings',
    'metadata',
    'default_payment_method',
    'description',
    'collection_method',
    'billing_cycle_anchor',
    'proration_behavior',
  ]);
  const customerId = formString(body, 'customer');
  if (!customerId)
    throw invalidRequest('Missing required param: customer.', {
      code: 'parameter_missing',
      param: 'customer',
    });
  const customer = await findCustomer(customerId);
  const behavior = formString(body, 'payment_behavior') ?? 'allow_incomplete';
  if (behavior !== 'default_incomplete') {
    throw invalidRequest('The sandbox creates subscriptions with payment_behavior=default_incomplete.', {
      param: 'payment_behavior',
    });
  }
  const defaultMethod = formString(body, 'default_payment_method') || null;
  if (defaultMethod) await findPaymentMethod(defaultMethod);
  const at = await customerNow(customer);
  const anchor = readAnchor(body, at);
  const id = sandboxId('sub');
  const items = await Promise.all(
    entries(body.items, 'items').map(async (entry, i) => {
      const priceId = formString(entry, 'price');
      if (!priceId)
        throw invalidRequest(`Missing required param: items[${i}][price].`, { param: `items[${i}][price]` });
      const price = await findPrice(priceId);
      if (!price.recurring) {
        throw invalidRequest(
          `The price ${priceId} is not recurring; use add_invoice_items for one-time prices.`,
          {
            param: `items[${i}][price]`,
          },
        );
      }
      const item = newItem(id, price, readQuantity(entry, `items[${i}][quantity]`), at, anchor ?? at);
      if (anchor) item.current_period_end = anchor;
      return item;
    }),
  );
  if (items.length === 0)
    throw invalidRequest('Missing required param: items.', { code: 'parameter_missing', param: 'items' });
  const save = formString(body, 'payment_settings', 'save_default_payment_method');
  const sub: SandboxSubscription = {
    id,
    object: 'subscription',
    application: null,
    automatic_tax: { enabled: false, liability: null, disabled_reason: null },
    billing_cycle_anchor: anchor ?? at,
    billing_cycle_anchor_config: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: at,
    currency: 'usd',
    customer: customer.id,
    days_until_due: null,
    default_payment_method: defaultMethod,
    default_source: null,
    description: readDescription(body) ?? null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: items,
      has_more: false,
      total_count: items.length,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, body),
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: save === 'on_subscription' ? 'on_subscription' : 'off',
    },
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: at,
    status: 'incomplete',
    test_clock: customer.test_clock,
    trial_end: null,
    trial_start: null,
  };
  const period = { start: at, end: items[0]!.current_period_end };
  const licensed = items.filter((item) => item.price.recurring?.usage_type !== 'metered');
  const lines = [
    ...(anchor ? anchoredLines(licensed, period, body) : licensed.map((item) => itemLine(item, period))),
    ...(await oneTimeLines(body.add_invoice_items, at)),
  ];
  const invoice = await issueInvoice({
    customer,
    subscription: { id, metadata: sub.metadata },
    lines,
    billingReason: 'subscription_create',
    at,
    period: { start: at, end: at },
    coupon: readCoupon(body),
  });
  sub.latest_invoice = invoice.id;
  await saveSubscription(sub);
  await indexSubscription(sub);
  await emit('customer.subscription.created', sub);
  await emit('invoice.finalized', invoice);
  if (invoice.amount_due === 0) await markInvoicePaid(invoice.id, null, at, emit);
  return findSubscription(id);
}
