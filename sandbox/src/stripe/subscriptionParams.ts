import { findCoupon, type SandboxCoupon } from './catalog';
import { invalidRequest, resourceMissing } from './errors';
import { formObject, formString, type FormObject, type FormValue } from './formBody';
import type { DraftLine } from './invoices';
import { findPrice } from './prices';
import { findProduct } from './products';
import { sandboxId } from './store';
import { addMonth, type SandboxSubscriptionItem } from './subscriptionStore';

/** Reading subscriptions.create's parameters into items' lines, one-time lines, the coupon and the anchor. */
export const entries = (value: FormValue | undefined, param: string): FormObject[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidRequest(`Invalid array: ${param}`, { param });
  return value.map((entry) => (typeof entry === 'object' && !Array.isArray(entry) ? entry : {}));
};

export const readQuantity = (entry: FormObject, param: string) => {
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

export async function oneTimeLines(value: FormValue | undefined, at: number): Promise<DraftLine[]> {
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

export function readCoupon(body: FormObject): SandboxCoupon | undefined {
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

/**
 * `billing_cycle_anchor` (a future time within a month): the first period ends there. Its invoice
 * bills that short period prorated, or nothing with `proration_behavior=none`.
 */
export function readAnchor(body: FormObject, at: number): number | undefined {
  const text = formString(body, 'billing_cycle_anchor');
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text))
    throw invalidRequest(`Invalid integer: ${text}`, { param: 'billing_cycle_anchor' });
  const anchor = Number(text);
  if (anchor <= at) {
    throw invalidRequest('billing_cycle_anchor cannot be in the past.', { param: 'billing_cycle_anchor' });
  }
  if (anchor > addMonth(at, at)) {
    throw invalidRequest(
      'billing_cycle_anchor cannot be later than the end of the first period (one month).',
      {
        param: 'billing_cycle_anchor',
      },
    );
  }
  return anchor;
}

export function anchoredLines(
  items: SandboxSubscriptionItem[],
  period: { start: number; end: number },
  body: FormObject,
) {
  if (formString(body, 'proration_behavior') === 'none') return [];
  const share =
    (period.end - period.start) / Math.max(1, addMonth(period.start, period.start) - period.start);
  return items.map((item) => {
    const line = itemLine(item, period);
    return { ...line, amount: Math.round(line.amount * share), proration: true };
  });
}
