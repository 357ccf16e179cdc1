import { findCoupon, type SandboxCoupon } from './catalog';
import { customerNow, findCustomer } from './customers';
import { invalidRequest, resourceMissing } from './errors';
import { formList, formObject, formString, type FormObject, type FormValue } from './formBody';
import { markInvoicePaid } from './invoiceCharges';
import { findInvoice, invoiceView, issueInvoice, type DraftLine } from './invoices';
import { mergeMetadata, readDescription, rejectUnknownParams } from './params';
import { findPaymentMethod } from './paymentMethods';
import { findPrice, priceView, type SandboxPrice } from './prices';
import { findProduct } from './products';
import { sandboxId } from './store';
import {
  addMonth,
  customerSubscriptions,
  findSubscription,
  indexSubscription,
  saveSubscription,
  type SandboxSubscription,
  type SandboxSubscriptionItem,
} from './subscriptionStore';
import type { SendEvent } from './webhookDelivery';

const entries = (value: FormValue | undefined, param: string): FormObject[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidRequest(`Invalid array: ${param}`, { param });
  return value.map((entry) => (typeof entry === 'object' && !Array.isArray(entry) ? entry : {}));
};

const readQuantity = (entry: FormObject, param: string) => {
  const text = formString(entry, 'quantity');
  if (text === undefined) return 1;
  if (!/^\d+$/.test(text)) throw invalidRequest(`Invalid integer: ${text}`, { param });
  return Number(text);
};

/** A licensed line for an item's period; a metered item is billed on its usage at renewal. */
export function itemLine(item: SandboxSubscriptionItem, period: { start: number; end: number }): DraftLine {
  const quantity = item.quantity ?? 1;
  return {
    amount: (item.price.unit_amount ?? 0) * quantity,
    description: `${quantity} × ${item.price.nickname ?? item.price.lookup_key ?? item.price.product} (at $${((item.price.unit_amount ?? 0) / 100).toFixed(2)} / month)`,
    period,
    price: item.price,
    quantity,
    proration: false,
    subscriptionItem: item.id,
  };
}

async function oneTimeLines(value: FormValue | undefined, at: number): Promise<DraftLine[]> {
  return Promise.all(
    entries(value, 'add_invoice_items').map(async (entry, i): Promise<DraftLine> => {
      const quantity = readQuantity(entry, `add_invoice_items[${i}][quantity]`);
      const priceId = formString(entry, 'price');
      const data = formObject(entry, 'price_data');
      let price: DraftLine['price'];
      let name: string;
      if (priceId) {
        const found = await findPrice(priceId);
        price = found;
        name = (await findProduct(found.product)).name;
      } else if (data) {
        const product = formString(data, 'product');
        const amount = formString(data, 'unit_amount');
        if (!product || !amount || !/^\d+$/.test(amount)) {
          throw invalidRequest('add_invoice_items[][price_data] needs product and unit_amount.', {
            param: `add_invoice_items[${i}][price_data]`,
          });
        }
        name = (await findProduct(product)).name;
        price = { id: sandboxId('price'), product, unit_amount: Number(amount) };
      } else {
        throw invalidRequest('Each add_invoice_items entry needs price or price_data.', {
          param: `add_invoice_items[${i}]`,
        });
      }
      return {
        amount: (price.unit_amount ?? 0) * quantity,
        description: `${quantity} × ${name}`,
        period: { start: at, end: at },
        price,
        quantity,
        proration: false,
        subscriptionItem: null,
      };
    }),
  );
}

function readCoupon(body: FormObject): SandboxCoupon | undefined {
  const [first, ...rest] = entries(body.discounts, 'discounts');
  if (!first) return undefined;
  if (rest.length > 0)
    throw invalidRequest('The sandbox applies one discount per subscription.', { param: 'discounts' });
  const id = formString(first, 'coupon');
  const coupon = id ? findCoupon(id) : undefined;
  if (!coupon) throw resourceMissing('coupon', id ?? '', 'discounts[0][coupon]');
  if (!coupon.valid)
    throw invalidRequest(`Coupon ${coupon.id} is expired.`, { param: 'discounts[0][coupon]' });
  return coupon;
}

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
      return newItem(id, price, readQuantity(entry, `items[${i}][quantity]`), at, at);
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
    billing_cycle_anchor: at,
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
  const lines = [
    ...items
      .filter((item) => item.price.recurring?.usage_type !== 'metered')
      .map((item) => itemLine(item, period)),
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

/** As Stripe answers: `latest_invoice` (with its confirmation_secret or payments) and prices' products expanded on request. */
export async function subscriptionView(sub: SandboxSubscription, expand: string[], prefix = '') {
  const wants = (path: string) =>
    expand.includes(`${prefix}${path}`) || expand.some((e) => e.startsWith(`${prefix}${path}.`));
  const latest =
    sub.latest_invoice && wants('latest_invoice')
      ? invoiceView(await findInvoice(sub.latest_invoice), expand, `${prefix}latest_invoice.`)
      : sub.latest_invoice;
  const items = await Promise.all(
    sub.items.data.map(async (item) => ({
      ...item,
      price: await priceView(item.price, expand, `${prefix}items.data.price.`),
    })),
  );
  return {
    ...sub,
    items: { ...sub.items, data: items },
    latest_invoice: latest,
    customer: wants('customer') ? await findCustomer(sub.customer) : sub.customer,
    default_payment_method:
      sub.default_payment_method && wants('default_payment_method')
        ? await findPaymentMethod(sub.default_payment_method)
        : sub.default_payment_method,
  };
}

/** GET /v1/subscriptions: by customer; `status=all` includes ended ones, which are left out otherwise. */
export async function listSubscriptions(form: FormObject, limit: number) {
  const customer = formString(form, 'customer');
  if (!customer) throw invalidRequest('The sandbox lists subscriptions by customer.', { param: 'customer' });
  await findCustomer(customer);
  const status = formString(form, 'status');
  const all = await customerSubscriptions(customer);
  const matching = all.filter((sub) =>
    status === 'all'
      ? true
      : status
        ? sub.status === status
        : sub.status !== 'canceled' && sub.status !== 'incomplete_expired',
  );
  const expand = formList(form, 'expand');
  const data = await Promise.all(
    matching.slice(0, limit).map((sub) => subscriptionView(sub, expand, 'data.')),
  );
  return { object: 'list' as const, data, has_more: matching.length > limit, url: '/v1/subscriptions' };
}
