import type Stripe from 'stripe';
import {
  COUPON_ALREADY_APPLIED_MESSAGE,
  INVALID_COUPON_MESSAGE,
  PAYMENT_MESSAGES,
  type ApplyCouponInput,
  type ApplyCouponResponse,
} from '@ringcast/shared-types';
import { Campaign } from '../../db/models';
import { badRequest, conflict, notFound } from '../../errors';
import { redisKey, sharedRedis } from '../../redis';
import { checkoutSubscriptionOf } from '../billing/checkoutBilling';
import { retrieveIntent } from './activateCampaignPayment';
import { OPEN_INTENT_STATUSES } from './checkoutIntent';
import { openCheckoutSubscription } from './checkoutSubscription';
import { isUsable, lookUpCoupon, toCoupon } from './coupons';
import { readCheckoutMetadata, type CheckoutMetadata } from './intentMetadata';
import { asPaymentError } from './stripeFailure';

/** Held while a coupon is being applied and after, so two requests cannot both apply one. */
const CLAIM_SECONDS = 7 * 24 * 3600;
/** Per checkout subscription: a repriced campaign's new checkout may take a coupon again. */
const claimKey = (checkoutId: string) => redisKey('payments', 'coupon-claim', checkoutId);

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
 * POST /api/apply-coupon: once per checkout. A coupon is a discount on the subscription's first
 * invoice (read from Stripe by its code, never from the client), so the open subscription is
 * cancelled (its invoice voided) and a new one made with the discount; the browser confirms the
 * new invoice's intent from now on.
 */
export async function applyCoupon(userId: number, input: ApplyCouponInput): Promise<ApplyCouponResponse> {
  try {
    const { intent, meta } = await findOwnIntent(userId, input.paymentIntentId);
    if (intent.status === 'succeeded') throw conflict(PAYMENT_MESSAGES.paymentCompleted);
    if (!OPEN_INTENT_STATUSES.has(intent.status)) throw conflict(PAYMENT_MESSAGES.paymentClosed);
    if (meta.coupon) throw conflict(COUPON_ALREADY_APPLIED_MESSAGE);
    const campaign = await Campaign.findOne({ where: { id: meta.campaignId, userId } });
    if (!campaign) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
    // An intent a coupon (or a price change) has replaced no longer pays the campaign's checkout.
    if (campaign.stripeSubscriptionId && !(await checkoutSubscriptionOf(campaign.id, intent.id)))
      throw conflict(PAYMENT_MESSAGES.paymentClosed);
    const checkoutId = campaign.stripeSubscriptionId ?? intent.id;
    const claimed = await sharedRedis().set(
      claimKey(checkoutId),
      input.couponCode,
      'EX',
      CLAIM_SECONDS,
      'NX',
    );
    if (claimed !== 'OK') throw conflict(COUPON_ALREADY_APPLIED_MESSAGE);
    try {
      const found = await lookUpCoupon(input.couponCode);
      if (!found || !isUsable(found))
        throw badRequest(INVALID_COUPON_MESSAGE, { couponCode: INVALID_COUPON_MESSAGE });
      const coupon = toCoupon(found);
      const { intent: replaced } = await openCheckoutSubscription(campaign, { coupon, replace: true });
      return {
        coupon,
        amount: replaced.amount,
        clientSecret: replaced.client_secret!,
        paymentIntentId: replaced.id,
      };
    } catch (err) {
      // Not applied: another code (or a retry) may be tried.
      await sharedRedis().del(claimKey(checkoutId));
      throw err;
    }
  } catch (err) {
    throw asPaymentError(err, PAYMENT_MESSAGES.couponProviderFailed);
  }
}
