import type {
  ActivateCampaignResponse,
  ApplyCouponResponse,
  CreatePaymentIntentInput,
  CreatePaymentIntentResponse,
  PaymentsConfig,
} from '@ringcast/shared-types';
import { api } from './client';

/** How this server takes cards: Stripe's publishable key, or the sandbox. */
export const fetchPaymentsConfig = () => api.get<PaymentsConfig>('/api/payments/config');

/** The intent for a campaign's checkout; the server prices it (the amount sent is only a hint). */
export const createPaymentIntent = (input: CreatePaymentIntentInput) =>
  api.post<CreatePaymentIntentResponse>('/api/create-payment-intent', input);

/** Applies a coupon to the intent; answers the coupon and the discounted amount in cents. */
export const applyCoupon = (couponCode: string, paymentIntentId: string) =>
  api.post<ApplyCouponResponse>('/api/apply-coupon', { couponCode: couponCode.trim(), paymentIntentId });

/** Asks the server to verify the payment with the provider and activate the campaign. */
export const activateCampaign = (paymentIntentId: string) =>
  api.post<ActivateCampaignResponse>('/api/activate-campaign', { paymentIntentId });
