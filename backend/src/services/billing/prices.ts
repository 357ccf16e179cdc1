import type Stripe from 'stripe';
import { callCostCents, PHONE_NUMBER_MONTHLY_CENTS, TARGETED_LIST_CENTS } from '@ringcast/shared-types';
import { stripe } from '../../providers/stripe';

/**
 * Ringcast's Stripe prices, found by lookup key and created the first time one is needed. The
 * amounts come from the one pricing function, and each key names its amount, so a price change
 * in shared-types makes new prices instead of silently billing old ones.
 */
interface PriceSpec {
  lookupKey: string;
  /** The product's name, as the invoice line shows it. */
  name: string;
  unitAmount: number;
  monthly: boolean;
}

export const callsPriceSpec = (volume: number): PriceSpec => ({
  lookupKey: `ringcast_calls_${volume}_${callCostCents(volume)}`,
  name: `${volume.toLocaleString('en-US')} calls per month`,
  unitAmount: callCostCents(volume),
  monthly: true,
});

export const NUMBER_PRICE: PriceSpec = {
  lookupKey: `ringcast_number_${PHONE_NUMBER_MONTHLY_CENTS}`,
  name: 'Local phone number',
  unitAmount: PHONE_NUMBER_MONTHLY_CENTS,
  monthly: true,
};

export const LIST_PRICE: PriceSpec = {
  lookupKey: `ringcast_list_${TARGETED_LIST_CENTS}`,
  name: 'Targeted prospect list',
  unitAmount: TARGETED_LIST_CENTS,
  monthly: false,
};

/**
 * Only its product is used: the first invoice's "Prepaid credit" line is price_data on it, for
 * whatever the credit comes to.
 */
export const CREDIT_PRICE: PriceSpec = {
  lookupKey: 'ringcast_prepaid_credit',
  name: 'Prepaid credit',
  unitAmount: 0,
  monthly: false,
};

const known = new Map<string, Promise<Stripe.Price>>();

async function findOrCreate(spec: PriceSpec): Promise<Stripe.Price> {
  const found = await stripe().prices.list({ lookup_keys: [spec.lookupKey], expand: ['data.product'] });
  if (found.data[0]) return found.data[0];
  // Idempotency keys: two processes creating the same price at once get one product and one price.
  const product = await stripe().products.create(
    { name: spec.name, metadata: { lookupKey: spec.lookupKey } },
    { idempotencyKey: `product-${spec.lookupKey}` },
  );
  return stripe().prices.create(
    {
      product: product.id,
      currency: 'usd',
      unit_amount: spec.unitAmount,
      ...(spec.monthly ? { recurring: { interval: 'month' } } : {}),
      lookup_key: spec.lookupKey,
      metadata: { lookupKey: spec.lookupKey },
    },
    { idempotencyKey: `price-${spec.lookupKey}` },
  );
}

/** The price for a spec, read from Stripe once per process. */
export function priceFor(spec: PriceSpec): Promise<Stripe.Price> {
  let price = known.get(spec.lookupKey);
  if (!price) {
    price = findOrCreate(spec);
    known.set(spec.lookupKey, price);
    // A failed look-up is tried again next time.
    price.catch(() => known.delete(spec.lookupKey));
  }
  return price;
}

export const productIdOf = (price: Stripe.Price) =>
  typeof price.product === 'string' ? price.product : price.product.id;

/** Forgets the prices read (the sandbox's store was reset, say). */
export function forgetPrices(): void {
  known.clear();
}
