import type Koa from 'koa';
import { mountProviderEdge, type ProviderEdge } from '../middlewares/providerEdge';
import { stripeWebhooks } from './stripe';
import { twilioWebhooks } from './twilio';
import { twilioInboundWebhooks } from './twilioInbound';

/** Every provider that calls us back, by the path under /webhooks it calls. Adding one is a line. */
const WEBHOOKS: Record<string, ProviderEdge> = {
  stripe: stripeWebhooks,
  twilio: twilioWebhooks,
  'twilio/inbound': twilioInboundWebhooks,
};

/**
 * Mounts each provider's webhook router behind its raw-body verifier. Call it before the body
 * parser: the signatures cover the bytes as sent.
 */
export function mountWebhooks(app: Koa): void {
  for (const [provider, edge] of Object.entries(WEBHOOKS))
    mountProviderEdge(app, `/webhooks/${provider}`, edge);
}
