/**
 * Overage ("keep calling past the package"): calls past a campaign's package become usage_outbox
 * rows when they settle, and a scheduled job reports them to Stripe's meter, each once.
 */
export { OVERAGE_EVENT_NAME, queueOverageUsage, type OverageTerms, type SettledBillableCall } from './outbox';
export { forgetOverageMeter, overageMeter } from './meter';
export { MAX_ATTEMPTS, sendMeterEvents, unsentUsageCount } from './sendMeterEvents';
export { overageItemChanges, overagePriceFor, overageTiers, syncOverageItem } from './subscriptionItem';
