import type Stripe from 'stripe';
import type { Coupon } from '@ringcast/shared-types';
import { isStripeMissing, stripe } from '../../providers/stripe';
import type { DiscountTerms } from './discount';

/** The coupon as Stripe has it now, or null when Stripe has no such coupon. */
export async function retrieveCoupon(id: string): Promise<Stripe.Coupon | null> {
  try {
    return await stripe().coupons.retrieve(id);
  } catch (err) {
    if (isStripeMissing(err)) return null;
    throw err;
  }
}

/** What a customer types: an active promotion code first, else a coupon id, as Stripe's checkout does. */
export async function lookUpCoupon(code: string): Promise<Stripe.Coupon | null> {
  const promotions = await stripe().promotionCodes.list({
    code,
    active: true,
    limit: 1,
    expand: ['data.promotion.coupon'],
  });
  const promoted = promotions.data[0]?.promotion.coupon;
  if (promoted) return typeof promoted === 'string' ? retrieveCoupon(promoted) : promoted;
  return retrieveCoupon(code);
}

/** The discount a coupon gives a usd charge, or null when it gives none we can apply. */
export function discountTermsOf(coupon: Stripe.Coupon): DiscountTerms | null {
  if ((coupon.percent_off ?? 0) > 0) return { percent_off: coupon.percent_off, amount_off: null };
  if ((coupon.amount_off ?? 0) > 0 && coupon.currency === 'usd')
    return { percent_off: null, amount_off: coupon.amount_off };
  return null;
}

/** Valid, and a discount we can apply to a usd charge. */
export const isUsable = (coupon: Stripe.Coupon) => coupon.valid && discountTermsOf(coupon) !== null;

export const toCoupon = (coupon: Stripe.Coupon): Coupon => ({
  id: coupon.id,
  name: coupon.name,
  percent_off: coupon.percent_off,
  amount_off: coupon.amount_off,
});

/**
 * The discount of the coupon applied to an intent, read again from Stripe by its id: the terms
 * kept beside the id in the intent's metadata are for showing, never for pricing. A coupon that
 * has expired since it was applied still counts (its terms cannot change); one Stripe no longer
 * has gives no discount.
 */
export async function appliedDiscount(couponId: string | undefined): Promise<DiscountTerms | null> {
  if (!couponId) return null;
  const coupon = await retrieveCoupon(couponId);
  return coupon && discountTermsOf(coupon);
}
