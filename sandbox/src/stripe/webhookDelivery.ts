import Stripe from 'stripe';
import { logger } from '../logger';
import { recordEvent, type SandboxEvent, type SandboxEventType } from './events';
import type { StripeSandboxHost } from './host';

/**
 * Sends events to our own /webhooks/stripe the way Stripe does: a JSON event signed in the
 * `Stripe-Signature` header with the webhook secret, retried a few times when delivery fails.
 * An ordinary request's events are delivered after it has been answered; a test clock's advance
 * delivers its events one by one, each acknowledged (or given up on) before the next.
 */
const RETRY_DELAYS_MS = [1_000, 5_000, 15_000];
const DELIVERY_TIMEOUT_MS = 10_000;

export type { SandboxEventType } from './events';

/** Where and how events go: the part of the api's host that webhooks need. */
type WebhookHost = Pick<StripeSandboxHost, 'webhookSecret' | 'webhookUrl'>;

/** Records an event (listable at once) and queues its delivery. */
export type SendEvent = (type: SandboxEventType, object: unknown) => Promise<void>;

let installed: WebhookHost | undefined;

/** The sandbox's factory installs where its events go. */
export function useWebhookHost(host: WebhookHost): void {
  installed = host;
}

function webhookHost(): WebhookHost {
  if (!installed)
    throw new Error('The Stripe sandbox has no webhook host yet: createStripeSandbox installs it.');
  return installed;
}

/** Where browsers and the SDK reach the sandbox: the origin the api posts webhooks from. */
export const sandboxOrigin = () => new URL(webhookHost().webhookUrl()).origin;

async function attemptDelivery(host: WebhookHost, payload: string): Promise<void> {
  // Signed at each attempt, as Stripe does, so a late retry is not refused as a stale timestamp.
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: host.webhookSecret() ?? '',
  });
  const res = await fetch(host.webhookUrl(), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Stripe-Signature': signature,
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: payload,
    signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`the endpoint answered ${res.status}`);
}

/** Delivers with retries; resolves once acknowledged or given up on. */
async function deliver(host: WebhookHost, event: SandboxEvent): Promise<void> {
  const payload = JSON.stringify(event, null, 2);
  for (let attempt = 0; ; attempt++) {
    try {
      await attemptDelivery(host, payload);
      logger.debug({ eventId: event.id, type: event.type }, 'stripe sandbox webhook delivered');
      return;
    } catch (err) {
      const delay = RETRY_DELAYS_MS[attempt];
      logger.warn(
        {
          eventId: event.id,
          type: event.type,
          attempt: attempt + 1,
          url: host.webhookUrl(),
          err: (err as Error).message,
          willRetry: delay !== undefined,
        },
        'stripe sandbox webhook delivery failed',
      );
      if (delay === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, delay).unref());
    }
  }
}

/** Records the event and delivers it in the background. */
export const sendEvent: SendEvent = async (type, object) => {
  const event = await recordEvent(type, object);
  void deliver(webhookHost(), event);
};

/** Records the event and delivers it, resolving once the endpoint acknowledged it (or retries ran out). */
export const deliverEvent: SendEvent = async (type, object) => {
  await deliver(webhookHost(), await recordEvent(type, object));
};

/** Sends events to where `host` says, signed with its secret. */
export function eventSender(host: WebhookHost): SendEvent {
  useWebhookHost(host);
  return sendEvent;
}
