import type Stripe from 'stripe';
import {
  COUPON_ALREADY_APPLIED_MESSAGE,
  INVALID_COUPON_MESSAGE,
  PAYMENT_MESSAGES,
  type ApplyCouponInput,
  type ApplyCouponResponse,
} from '@ringcast/shared-types';
import { badRequest, conflict, notFound } from '../../errors';
import { redisKey, sharedRedis } from '../../redis';
import { stripe } from '../../providers/stripe';
import { retrieveIntent } from './activateCampaignPayment';
import { OPEN_INTENT_STATUSES } from './checkoutIntent';
import { isUsable, lookUpCoupon, toCoupon } from './coupons';
import { discountedAmountCents } from './discount';
import { couponMetadata, readCheckoutMetadata, type CheckoutMetadata } from './intentMetadata';
import { asPaymentError } from './stripeFailure';

/** Held while a coupon is being applied and after, so two requests cannot both apply one. */
const CLAIM_SECONDS = 7 * 24 * 3600;
const claimKey = (paymentIntentId: string) => redisKey('payments', 'coupon-claim', paymentIntentId);

/** The user's own checkout intent; anyone else's (or an unknown id) is 404, like a missing one. */
export async function findOwnIntent(
  userId: number,
  paymentIntentId: string,
): Promise<{ intent: Stripe.PaymentIntent; meta: CheckoutMetadata }> {
  const intent = await retrieveIntent(paymentIntentId);
  const meta = intent && readCheckoutMetadata(intent.metadata);
  if (!intent || !meta || meta.userId !== userId) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  return { intent, meta };
}

/**
 * POST /api/apply-coupon: once per intent. The discounted amount is computed here from the price
 * kept in the intent's metadata, and the coupon's terms are kept there too for activation.
 */
export async function applyCoupon(userId: number, input: ApplyCouponInput): Promise<ApplyCouponResponse> {
  try {
    const { intent, meta } = await findOwnIntent(userId, input.paymentIntentId);
    if (intent.status === 'succeeded') throw conflict(PAYMENT_MESSAGES.paymentCompleted);
    if (!OPEN_INTENT_STATUSES.has(intent.status)) throw conflict(PAYMENT_MESSAGES.paymentClosed);
    if (meta.coupon) throw conflict(COUPON_ALREADY_APPLIED_MESSAGE);
    const claimed = await sharedRedis().set(claimKey(intent.id), input.couponCode, 'EX', CLAIM_SECONDS, 'NX');
    if (claimed !== 'OK') throw conflict(COUPON_ALREADY_APPLIED_MESSAGE);
    try {
      const found = await lookUpCoupon(input.couponCode);
      if (!found || !isUsable(found))
        throw badRequest(INVALID_COUPON_MESSAGE, { couponCode: INVALID_COUPON_MESSAGE });
      const coupon = toCoupon(found);
      const updated = await stripe().paymentIntents.update(intent.id, {
        amount: discountedAmountCents(meta.baseAmount, coupon),
        metadata: couponMetadata(coupon),
      });
      return { coupon, amount: updated.amount };
    } catch (err) {
      // Not applied: another code (or a retry) may be tried.
      await sharedRedis().del(claimKey(intent.id));
      throw err;
    }
  } catch (err) {
    throw asPaymentError(err, PAYMENT_MESSAGES.couponProviderFailed);
  }
}
