import type Stripe from 'stripe';
import { PRICE_TIERS } from '@ringcast/shared-types';
import { stripe } from '../../../providers/stripe';
import { overageMeter } from './meter';

/**
 * The metered price of calls past a package of `volume` calls: graduated tiers that continue the
 * one pricing function's marginal rates from the package's last call (past 500: $0.80 up to the
 * 2,000th call of the period, $0.60 up to the 5,000th, then $0.50), so the n-th call past the
 * package costs what the (volume + n)-th call of the period costs.
 */
export function overageTiers(volume: number): { up_to: number | 'inf'; unit_amount: number }[] {
  return PRICE_TIERS.filter((tier) => tier.upTo > volume).map((tier) => ({
    up_to: tier.upTo === Infinity ? 'inf' : tier.upTo - volume,
    unit_amount: tier.cents,
  }));
}

const lookupKeyOf = (volume: number) =>
  `ringcast_overage_${volume}_${overageTiers(volume)
    .map((tier) => `${tier.up_to}x${tier.unit_amount}`)
    .join('_')}`;

const known = new Map<string, Promise<Stripe.Price>>();

async function findOrCreate(volume: number): Promise<Stripe.Price> {
  const lookupKey = lookupKeyOf(volume);
  const found = await stripe().prices.list({ lookup_keys: [lookupKey] });
  if (found.data[0]) return found.data[0];
  const meter = await overageMeter();
  const product = await stripe().products.create(
    { name: 'Calls past the package', metadata: { lookupKey } },
    { idempotencyKey: `product-${lookupKey}` },
  );
  return stripe().prices.create(
    {
      product: product.id,
      currency: 'usd',
      recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
      billing_scheme: 'tiered',
      tiers_mode: 'graduated',
      tiers: overageTiers(volume),
      lookup_key: lookupKey,
      metadata: { lookupKey, packageVolume: String(volume) },
    },
    { idempotencyKey: `price-${lookupKey}` },
  );
}

/** The overage price for a package, read from Stripe once per process. */
export function overagePriceFor(volume: number): Promise<Stripe.Price> {
  const key = lookupKeyOf(volume);
  let price = known.get(key);
  if (!price) {
    price = findOrCreate(volume);
    known.set(key, price);
    price.catch(() => known.delete(key));
  }
  return price;
}

const isMetered = (item: Stripe.SubscriptionItem) => item.price.recurring?.usage_type === 'metered';

/**
 * The subscription item changes that make a subscription bill overage as the campaign says: the
 * metered item added when overage is on, its price swapped when the package changes, removed when
 * overage is off; none when it already matches. For `subscriptions.update({ items })`, with the
 * package's own change if there is one (metered usage is billed at the period's end, so no
 * proration is involved).
 */
export async function overageItemChanges(
  subscription: Stripe.Subscription,
  campaign: { overage: boolean; monthlyCallVolume: number | null },
): Promise<Stripe.SubscriptionUpdateParams.Item[]> {
  const current = subscription.items.data.find(isMetered);
  if (!campaign.overage) return current ? [{ id: current.id, deleted: true }] : [];
  const price = await overagePriceFor(campaign.monthlyCallVolume ?? 0);
  if (current?.price.id === price.id) return [];
  return current ? [{ id: current.id, price: price.id }] : [{ price: price.id }];
}

/** Brings a campaign's subscription in line with its overage choice, if it is not already. */
export async function syncOverageItem(campaign: {
  stripeSubscriptionId: string;
  overage: boolean;
  monthlyCallVolume: number | null;
}): Promise<Stripe.Subscription> {
  const subscription = await stripe().subscriptions.retrieve(campaign.stripeSubscriptionId);
  const items = await overageItemChanges(subscription, campaign);
  if (!items.length) return subscription;
  return stripe().subscriptions.update(subscription.id, { items, proration_behavior: 'none' });
}
