/**
 * Customer webhooks: endpoints, events written once after the change that causes them, signed
 * deliveries with retries for 3 days, and the delivery log. See docs/webhooks.md.
 */
export {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  rollWebhookSecret,
  updateWebhookEndpoint,
} from './endpoints';
export { attemptDelivery, retryDelayMs, webhookBody, type AttemptResult } from './delivery';
export { listWebhookDeliveries, resendWebhookDelivery, sendTestWebhook } from './deliveries';
export { emitWebhookEvent, writeWebhookEvent, type WebhookEventInput } from './events';
export { DISABLED_FOR_FAILURES } from './disable';
export { signatureHeader } from './signing';
export { CALL_SUMMARY_WAIT_MS, emitCallWebhooks, queueCallWebhooks } from './callEvents';
export { emitOptOutWebhooks } from './optOutEvents';
export { registerCampaignWebhooks } from './campaignEvents';

// Every process that loads the webhooks (the api, the worker) hears campaigns' status changes.
import { registerCampaignWebhooks } from './campaignEvents';
registerCampaignWebhooks();
