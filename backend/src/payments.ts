/** The payment jobs' side of the backend: activation and failed charges, with the Stripe SDK. */
export {
  activateCampaignPayment,
  isSettledActivation,
  type ActivationResult,
} from './services/payments/activateCampaignPayment';
export { recordFailedPayment } from './services/payments/recordFailedPayment';
export { isRefusedByStripe } from './providers/stripe';
export { applyStripeEvent } from './services/billing/applyStripeEvent';
export { backfillSubscriptions, type BackfillReport } from './services/billing/backfill';
export { sendMeterEvents } from './services/billing/overage';
