import { UniqueConstraintError, type Transaction } from 'sequelize';
import type { WebhookEventType } from '@ringcast/shared-types';
import { WebhookEndpoint, WebhookEvent } from '../../db/models/webhooks';
import { logger } from '../../logger';
import { enqueueMany } from '../../queues';
import { newWebhookEventId } from './signing';

export interface WebhookEventInput {
  userId: number;
  type: WebhookEventType;
  /** What caused it (`call.completed:<call id>`): an event is written once per key. */
  sourceKey: string | null;
  /** Built when the event is written (after the change committed), from the presenters. */
  data: () => Promise<Record<string, unknown> | null>;
}

/** The owner's endpoints that are on and ask for this type (an owner has at most 10). */
async function endpointsFor(userId: number, type: WebhookEventType) {
  const endpoints = await WebhookEndpoint.findAll({ where: { userId, enabled: true } });
  return endpoints.filter((endpoint) => endpoint.events.includes(type));
}

/**
 * Writes the event once and queues one delivery per endpoint that wants it (job id per event,
 * endpoint and attempt). Nothing is written for an owner with no endpoint asking for it, or when
 * the key's event exists already. Answers the event written, or null.
 */
export async function writeWebhookEvent(input: WebhookEventInput): Promise<WebhookEvent | null> {
  const endpoints = await endpointsFor(input.userId, input.type);
  if (!endpoints.length) return null;
  const data = await input.data();
  if (!data) return null;
  let event: WebhookEvent;
  try {
    event = await WebhookEvent.create({
      id: newWebhookEventId(),
      userId: input.userId,
      type: input.type,
      sourceKey: input.sourceKey,
      payload: data,
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) return null;
    throw err;
  }
  await enqueueMany(
    'deliverWebhook',
    endpoints.map((endpoint) => ({ eventId: event.id, endpointId: endpoint.id, attempt: 1 })),
  );
  return event;
}

/**
 * Emits an event once the change that causes it commits (at once without a transaction), so a
 * rolled-back change sends nothing. Never throws into the caller: the change stands either way,
 * and a failure to write the event is logged.
 */
export function emitWebhookEvent(input: WebhookEventInput, transaction?: Transaction | null): void {
  const write = () =>
    void writeWebhookEvent(input).catch((err) =>
      logger.error({ err, type: input.type, sourceKey: input.sourceKey }, 'could not write a webhook event'),
    );
  if (transaction) transaction.afterCommit(write);
  else write();
}
