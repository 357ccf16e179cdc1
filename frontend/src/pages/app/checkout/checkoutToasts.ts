import { INVALID_COUPON_MESSAGE, PAYMENT_MESSAGES, type Coupon } from '@ringcast/shared-types';
import { showRequestError } from '../../../api/errorPolicy';
import { toast } from '../../../components/toast/toastStore';
import { couponAppliedText } from './couponText';

/** The checkout's toasts with the spec's titles and texts (§8), in one place. */

/** Spec §8: the intent's failure has one text, whatever the server said. */
export const toastIntentFailed = (err: unknown) =>
  showRequestError(err, { title: 'Error', fallback: PAYMENT_MESSAGES.providerFailed, fixed: true });

export const toastCouponApplied = (coupon: Coupon) =>
  toast({ title: 'Coupon Applied', description: couponAppliedText(coupon) });

export const toastCouponInvalid = (err: unknown) =>
  showRequestError(err, { title: 'Invalid Coupon', fallback: INVALID_COUPON_MESSAGE });

export const toastPaymentSucceeded = () =>
  toast({ title: 'Payment Successful', description: 'Thank you for your purchase!' });

/** `message` is the payment provider's, as its card form or API gave it. */
export const toastPaymentFailed = (message: string) =>
  toast({ title: 'Payment Failed', description: message, variant: 'destructive' });

export const toastCampaignActivated = (campaignName: string) =>
  toast({ title: 'Campaign Activated', description: `"${campaignName}" is now active.` });

export const toastActivationFailed = (err: unknown) =>
  showRequestError(err, { title: 'Campaign Activation Error', fallback: PAYMENT_MESSAGES.activationFailed });
