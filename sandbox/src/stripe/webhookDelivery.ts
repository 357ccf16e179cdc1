import Stripe from 'stripe';
import { logger } from '../logger';
import type { StripeSandboxHost } from './host';
import { sandboxId } from './store';

/**
 * Sends events to our own /webhooks/stripe the way Stripe does: a JSON event signed in the
 * `Stripe-Signature` header with the webhook secret, retried a few times when delivery fails.
 * Delivery runs after the request that caused it has been answered.
 */
const RETRY_DELAYS_MS = [1_000, 5_000, 15_000];
const DELIVERY_TIMEOUT_MS = 10_000;

export type SandboxEventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed';

/** Where and how events go: the part of the api's host that webhooks need. */
type WebhookHost = Pick<StripeSandboxHost, 'webhookSecret' | 'webhookUrl'>;

/** Queues an event's delivery and returns at once. */
export type SendEvent = (type: SandboxEventType, object: unknown) => void;

export function buildEvent(type: SandboxEventType, object: unknown) {
  return {
    id: sandboxId('evt'),
    object: 'event' as const,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

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

function deliver(
  host: WebhookHost,
  event: ReturnType<typeof buildEvent>,
  payload: string,
  attempt: number,
): void {
  attemptDelivery(host, payload).then(
    () => logger.debug({ eventId: event.id, type: event.type }, 'stripe sandbox webhook delivered'),
    (err: Error) => {
      const delay = RETRY_DELAYS_MS[attempt];
      logger.warn(
        {
          eventId: event.id,
          type: event.type,
          attempt: attempt + 1,
          url: host.webhookUrl(),
          err: err.message,
          willRetry: delay !== undefined,
        },
        'stripe sandbox webhook delivery failed',
      );
      if (delay !== undefined) setTimeout(() => deliver(host, event, payload, attempt + 1), delay).unref();
    },
  );
}

/** Sends events to where `host` says, signed with its secret. */
export function eventSender(host: WebhookHost): SendEvent {
  return (type, object) => {
    const event = buildEvent(type, object);
    deliver(host, event, JSON.stringify(event, null, 2), 0);
  };
}
