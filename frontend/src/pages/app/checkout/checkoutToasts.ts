import { INVALID_COUPON_MESSAGE, PAYMENT_MESSAGES, type Coupon } from '@ringcast/shared-types';
import { ApiError } from '../../../api/client';
import { toast } from '../../../components/toast/toastStore';
import { couponAppliedText } from './couponText';

/** The checkout's toasts with the spec's titles and texts (§8), in one place. */

/** The server's own `error` text when it sent one. */
const serverText = (err: unknown) => (err instanceof ApiError ? err.serverMessage : undefined);

export const toastIntentFailed = () =>
  toast({
    title: 'Error',
    description: PAYMENT_MESSAGES.providerFailed,
    variant: 'destructive',
  });

export const toastCouponApplied = (coupon: Coupon) =>
  toast({ title: 'Coupon Applied', description: couponAppliedText(coupon) });

export const toastCouponInvalid = (err: unknown) =>
  toast({
    title: 'Invalid Coupon',
    description: serverText(err) || INVALID_COUPON_MESSAGE,
    variant: 'destructive',
  });

export const toastPaymentSucceeded = () =>
  toast({ title: 'Payment Successful', description: 'Thank you for your purchase!' });

/** `message` is the payment provider's, as its card form or API gave it. */
export const toastPaymentFailed = (message: string) =>
  toast({ title: 'Payment Failed', description: message, variant: 'destructive' });

export const toastCampaignActivated = (campaignName: string) =>
  toast({ title: 'Campaign Activated', description: `"${campaignName}" is now active.` });

export const toastActivationFailed = (err: unknown) =>
  toast({
    title: 'Campaign Activation Error',
    description: serverText(err) || PAYMENT_MESSAGES.activationFailed,
    variant: 'destructive',
  });
