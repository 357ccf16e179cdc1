/**
 * An owner's Cal.com connection (/account Integrations): the key is checked with Cal.com, stored
 * sealed (lib/secretBox, like the Twilio tokens) and only ever shown by its last four characters.
 */
import {
  CALCOM_MESSAGES,
  CALCOM_NOT_CONNECTED,
  type CalcomConnectInput,
  type CalcomConnection,
  type CalcomEventType,
} from '@ringcast/shared-types';
import { CalendarConnection } from '../../db/models/calendar';
import { badRequest, upstreamFailed } from '../../errors';
import { decryptSecret, encryptSecret } from '../../lib/secretBox';
import { logger } from '../../logger';
import { usesCalcomSandbox } from '../../providers/calcom';
import { CalcomApiError, fetchCalcomEventTypes } from './calcomApi';

function presentConnection(row: CalendarConnection): CalcomConnection {
  let sandbox = false;
  try {
    sandbox = usesCalcomSandbox(decryptSecret(row.apiKeyEncrypted));
  } catch {
    // A key no configured ENCRYPTION_KEY opens still shows as connected; booking says it is unavailable.
  }
  return {
    connected: true,
    apiKeyLast4: row.apiKeyLast4,
    eventTypeId: row.eventTypeId,
    eventTypeTitle: row.eventTypeTitle,
    eventTypeMinutes: row.eventTypeMinutes,
    sandbox,
    connectedAt: row.updatedAt.toISOString(),
  };
}

export async function getCalcomConnection(userId: number): Promise<CalcomConnection> {
  const row = await CalendarConnection.findOne({ where: { userId } });
  return row ? presentConnection(row) : CALCOM_NOT_CONNECTED;
}

/** The account's event types; 400 when Cal.com refuses the key, 502 when it cannot be reached. */
export async function listCalcomEventTypes(apiKey: string): Promise<CalcomEventType[]> {
  try {
    const types = await fetchCalcomEventTypes(apiKey);
    return types.map(({ id, title, slug, lengthInMinutes }) => ({ id, title, slug, lengthInMinutes }));
  } catch (err) {
    if (err instanceof CalcomApiError && (err.status === 401 || err.status === 403))
      throw badRequest(CALCOM_MESSAGES.apiKeyInvalid, { apiKey: CALCOM_MESSAGES.apiKeyInvalid });
    logger.info({ err: (err as Error).message }, 'could not list Cal.com event types');
    throw upstreamFailed(CALCOM_MESSAGES.unreachable);
  }
}

/** Checks the key and the event type with Cal.com, then stores them (replacing any earlier connection). */
export async function connectCalcom(userId: number, input: CalcomConnectInput): Promise<CalcomConnection> {
  const eventType = (await listCalcomEventTypes(input.apiKey)).find((type) => type.id === input.eventTypeId);
  if (!eventType)
    throw badRequest(CALCOM_MESSAGES.eventTypeUnknown, { eventTypeId: CALCOM_MESSAGES.eventTypeUnknown });
  await CalendarConnection.upsert({
    userId,
    provider: 'calcom',
    apiKeyEncrypted: encryptSecret(input.apiKey),
    apiKeyLast4: input.apiKey.slice(-4),
    eventTypeId: eventType.id,
    eventTypeTitle: eventType.title.slice(0, 255),
    eventTypeMinutes: eventType.lengthInMinutes,
  });
  return getCalcomConnection(userId);
}

/** Booking campaigns go back to their own appointment hours; bookings made in Cal.com stay there. */
export async function disconnectCalcom(userId: number): Promise<void> {
  await CalendarConnection.destroy({ where: { userId } });
}

/** The stored connection and its key, opened; null when none (or the key cannot be opened). */
export async function openCalcomConnection(userId: number) {
  const row = await CalendarConnection.findOne({ where: { userId } });
  if (!row) return null;
  try {
    return { row, apiKey: decryptSecret(row.apiKeyEncrypted) };
  } catch (err) {
    logger.warn({ userId, err: (err as Error).message }, 'the stored Cal.com key cannot be opened');
    return { row, apiKey: null };
  }
}
