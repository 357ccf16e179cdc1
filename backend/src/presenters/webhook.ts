import type {
  WebhookDelivery as WebhookDeliveryDto,
  WebhookEndpoint as WebhookEndpointDto,
} from '@ringcast/shared-types';
import type { WebhookDelivery, WebhookEndpoint } from '../db/models/webhooks';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** An endpoint as its owner sees it; the secret only when it was just made or rolled (`secret`). */
export function presentWebhookEndpoint(endpoint: WebhookEndpoint, secret?: string): WebhookEndpointDto {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description ?? null,
    events: endpoint.events,
    enabled: Boolean(endpoint.enabled),
    disabledReason: endpoint.disabledReason ?? null,
    createdAt: endpoint.createdAt.toISOString(),
    updatedAt: endpoint.updatedAt.toISOString(),
    ...(secret ? { secret } : {}),
  };
}

/** One attempt of the delivery log, with its event's type. */
export function presentWebhookDelivery(
  delivery: WebhookDelivery & { event?: { type: WebhookDeliveryDto['type'] } | null },
): WebhookDeliveryDto {
  return {
    id: Number(delivery.id),
    eventId: delivery.eventId,
    type: delivery.event?.type ?? 'webhook.test',
    attempt: delivery.attempt,
    statusCode: delivery.statusCode ?? null,
    durationMs: delivery.durationMs ?? null,
    responseBody: delivery.responseBody ?? null,
    deliveredAt: iso(delivery.deliveredAt),
    nextRetryAt: iso(delivery.nextRetryAt),
    error: delivery.error ?? null,
    createdAt: delivery.createdAt.toISOString(),
  };
}
