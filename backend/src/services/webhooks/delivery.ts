import { UniqueConstraintError } from 'sequelize';
import type { WebhookEventBody } from '@ringcast/shared-types';
import { config } from '../../config';
import { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../db/models/webhooks';
import { postToPublicUrl, RefusedAddress } from '../../lib/publicHttp';
import { logger } from '../../logger';
import { enqueue } from '../../queues';
import { endpointSecret } from './endpoints';
import { disableFailingEndpoint } from './disable';
import { signatureHeader } from './signing';

/** No retry waits longer than this, however many came before. */
const LONGEST_RETRY_MS = 12 * 3_600_000;
const KEEP_BYTES = 500;

/** The body exactly as signed and sent: `{ id, type, created, data }`. */
export function webhookBody(event: WebhookEvent): string {
  const body: WebhookEventBody = {
    id: event.id,
    type: event.type,
    created: Math.floor(event.createdAt.getTime() / 1000),
    data: event.payload,
  };
  return JSON.stringify(body);
}

/** The delay before attempt `attempt + 1`: doubling from the base, at most 12 hours. */
export const retryDelayMs = (attempt: number) =>
  Math.min(config.webhooks.retryBaseMs * 2 ** (attempt - 1), LONGEST_RETRY_MS);

export type AttemptResult = 'delivered' | 'failed' | 'already' | 'skipped' | 'missing';

/** The next automatic attempt's time, or null when the event's retry window is over. */
function nextAttemptAt(event: WebhookEvent, attempt: number, now: Date): Date | null {
  const at = new Date(now.getTime() + retryDelayMs(attempt));
  return at.getTime() - event.createdAt.getTime() > config.webhooks.retryForMs ? null : at;
}

const scheduleAttempt = (event: WebhookEvent, endpointId: number, attempt: number, at: Date) =>
  enqueue(
    'deliverWebhook',
    { eventId: event.id, endpointId, attempt },
    { delay: Math.max(0, at.getTime() - Date.now()) },
  );

/**
 * Posts the event to the endpoint once as attempt `attempt`, and writes what came of it. An
 * attempt already written is not posted again (a retried job); its follow-up is scheduled again
 * (joined by job id). Any 2xx is delivered. Otherwise the next attempt is scheduled, later each
 * time, while the event's retry window lasts; past it, the endpoint is turned off and its owner told.
 * A manual attempt (Resend, Send test event) also posts to a turned-off endpoint, and schedules
 * retries only for an endpoint that is on; a test event is never retried.
 */
export async function attemptDelivery(
  eventId: string,
  endpointId: number,
  attempt: number,
  { manual = false }: { manual?: boolean } = {},
): Promise<{ result: AttemptResult; delivery?: WebhookDelivery }> {
  const [event, endpoint] = await Promise.all([
    WebhookEvent.findByPk(eventId),
    WebhookEndpoint.findByPk(endpointId),
  ]);
  if (!event || !endpoint || event.userId !== endpoint.userId) return { result: 'missing' };
  const done = await WebhookDelivery.findOne({ where: { eventId, endpointId, attempt } });
  if (done) {
    if (done.nextRetryAt) await scheduleAttempt(event, endpointId, attempt + 1, done.nextRetryAt);
    return { result: 'already', delivery: done };
  }
  if (!endpoint.enabled && !manual) return { result: 'skipped' };

  const body = webhookBody(event);
  const started = Date.now();
  let statusCode: number | null = null;
  let responseBody: string | null = null;
  let error: string | null = null;
  try {
    const answer = await postToPublicUrl(
      endpoint.url,
      body,
      {
        'Content-Type': 'application/json',
        'User-Agent': 'Ringcast-Webhooks/1.0',
        'Ringcast-Signature': signatureHeader(endpointSecret(endpoint), body),
        'Ringcast-Event-Id': event.id,
      },
      {
        timeoutMs: config.webhooks.timeoutMs,
        allowPrivate: config.webhooks.allowPrivate,
        keepBytes: KEEP_BYTES,
      },
    );
    statusCode = answer.statusCode;
    responseBody = answer.body;
  } catch (err) {
    error = describeFailure(err);
  }
  const now = new Date();
  const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const retries = !delivered && endpoint.enabled && event.type !== 'webhook.test';
  const nextRetryAt = retries ? nextAttemptAt(event, attempt, now) : null;
  let delivery: WebhookDelivery;
  try {
    delivery = await WebhookDelivery.create({
      endpointId,
      eventId,
      attempt,
      statusCode,
      durationMs: now.getTime() - started,
      responseBody: responseBody === null ? null : truncateBytes(responseBody, KEEP_BYTES),
      deliveredAt: delivered ? now : null,
      nextRetryAt,
      error,
    });
  } catch (err) {
    // Another run of the same attempt wrote it first: that one schedules what follows.
    if (err instanceof UniqueConstraintError) return { result: 'already' };
    throw err;
  }
  if (nextRetryAt) await scheduleAttempt(event, endpointId, attempt + 1, nextRetryAt);
  else if (retries)
    await disableFailingEndpoint(
      endpoint,
      now,
      statusCode === null ? (error ?? 'No answer') : `HTTP ${statusCode}`,
    );
  logger.info({ eventId, endpointId, attempt, statusCode, delivered }, 'webhook attempt');
  return { result: delivered ? 'delivered' : 'failed', delivery };
}

/** What the log says when no answer came; never the secret or the body. */
function describeFailure(err: unknown): string {
  if (err instanceof RefusedAddress) return truncateBytes(`Refused: ${err.message}`, 255);
  const e = err as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError' || e.name === 'AbortError')
    return `No answer within ${config.webhooks.timeoutMs / 1000} s`;
  return truncateBytes(`${e.code ?? e.name ?? 'Error'}: ${e.message ?? ''}`.trim(), 255);
}

/** At most `bytes` bytes of UTF-8, never half a character. */
function truncateBytes(text: string, bytes: number): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  return buffer
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}
