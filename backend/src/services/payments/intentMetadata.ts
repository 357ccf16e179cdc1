import type Stripe from 'stripe';
import { checkoutTotalCents, type Coupon } from '@ringcast/shared-types';
import type { Campaign } from '../../db/models';
import { presentCampaign } from '../../presenters/campaign';
import { discountedAmountCents, type DiscountTerms } from './discount';

/**
 * What our checkout writes into a PaymentIntent's metadata, and reads back. Metadata can only be
 * written with our secret key (never by a browser): it ties the intent to a user and campaign,
 * keeps the price before any coupon, and names the applied coupon. The coupon's terms are kept
 * for the checkout page to show; activation reads them again from Stripe by the coupon's id.
 */
export interface CheckoutMetadata {
  userId: number;
  campaignId: number;
  /** checkoutTotalCents of the campaign when the intent was created. */
  baseAmount: number;
  coupon: Coupon | null;
}

const positiveInt = (value: string | undefined) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

const optionalNumber = (value: string | undefined) => (value ? Number(value) : null);

/** The intent's checkout facts, or null when the intent was not made by our checkout. */
export function readCheckoutMetadata(metadata: Stripe.Metadata | null | undefined): CheckoutMetadata | null {
  const userId = positiveInt(metadata?.userId);
  const campaignId = positiveInt(metadata?.campaignId);
  const baseAmount = positiveInt(metadata?.baseAmount);
  if (!metadata || !userId || !campaignId || !baseAmount) return null;
  const coupon: Coupon | null = metadata.couponId
    ? {
        id: metadata.couponId,
        name: metadata.couponName || null,
        percent_off: optionalNumber(metadata.couponPercentOff),
        amount_off: optionalNumber(metadata.couponAmountOff),
      }
    : null;
  return { userId, campaignId, baseAmount, coupon };
}

export function checkoutMetadata(
  userId: number,
  campaignId: number,
  baseAmount: number,
): Stripe.MetadataParam {
  return { userId: String(userId), campaignId: String(campaignId), baseAmount: String(baseAmount) };
}

export function couponMetadata(coupon: Coupon): Stripe.MetadataParam {
  return {
    couponId: coupon.id,
    couponName: coupon.name ?? '',
    couponPercentOff: coupon.percent_off === null ? '' : String(coupon.percent_off),
    couponAmountOff: coupon.amount_off === null ? '' : String(coupon.amount_off),
  };
}

/** The campaign's price now, less the discount of the intent's coupon: what a payment must match. */
export function amountDueCents(campaign: Campaign, discount: DiscountTerms | null): number {
  return discountedAmountCents(checkoutTotalCents(presentCampaign(campaign)), discount);
}
