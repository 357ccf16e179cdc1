import { WEBHOOK_DELIVERY_NOT_FOUND } from '@ringcast/shared-types';
import { WebhookDelivery, WebhookEvent } from '../../db/models/webhooks';
import { notFound } from '../../errors';
import { attemptDelivery } from './delivery';
import { findOwnedEndpoint } from './endpoints';
import { newWebhookEventId } from './signing';

const LOG_SIZE = 100;

type LoggedDelivery = WebhookDelivery & { event?: WebhookEvent | null };

/** The endpoint's latest attempts, newest first, each with its event's type. */
export async function listWebhookDeliveries(userId: number, endpointId: number): Promise<LoggedDelivery[]> {
  const endpoint = await findOwnedEndpoint(userId, endpointId);
  return (await WebhookDelivery.findAll({
    where: { endpointId: endpoint.id },
    include: [{ model: WebhookEvent, as: 'event', attributes: ['type'] }],
    order: [['id', 'DESC']],
    limit: LOG_SIZE,
  })) as LoggedDelivery[];
}

/** The attempt as the log shows it, with its event's type. */
async function logged(delivery: WebhookDelivery | undefined): Promise<LoggedDelivery> {
  if (!delivery) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
  const withEvent = delivery as LoggedDelivery;
  withEvent.event = await WebhookEvent.findByPk(delivery.eventId, { attributes: ['type'] });
  return withEvent;
}

/**
 * Sends a logged delivery's event again now, as the next attempt of that event at that endpoint
 * (same event id, so a receiver that de-duplicates sees a repeat). Answers the new attempt.
 */
export async function resendWebhookDelivery(
  userId: number,
  endpointId: number,
  deliveryId: number,
): Promise<LoggedDelivery> {
  const endpoint = await findOwnedEndpoint(userId, endpointId);
  const original = await WebhookDelivery.findOne({ where: { id: deliveryId, endpointId: endpoint.id } });
  if (!original) throw notFound(WEBHOOK_DELIVERY_NOT_FOUND);
  const last: number = await WebhookDelivery.max('attempt', {
    where: { endpointId: endpoint.id, eventId: original.eventId },
  });
  const { delivery } = await attemptDelivery(original.eventId, endpoint.id, (last ?? 0) + 1, {
    manual: true,
  });
  return logged(delivery);
}

/** "Send test event": a `webhook.test` event to this endpoint alone, sent now, never retried. */
export async function sendTestWebhook(userId: number, endpointId: number): Promise<LoggedDelivery> {
  const endpoint = await findOwnedEndpoint(userId, endpointId);
  const event = await WebhookEvent.create({
    id: newWebhookEventId(),
    userId,
    type: 'webhook.test',
    sourceKey: null,
    payload: {
      message: 'A test event from Ringcast: your endpoint is reachable and the signature can be checked.',
      endpointId: endpoint.id,
    },
  });
  const { delivery } = await attemptDelivery(event.id, endpoint.id, 1, { manual: true });
  return logged(delivery);
}
