/**
 * Cal.com's API v2 through fetch: Cal.com publishes no maintained server SDK for API keys (its
 * `@calcom/sdk` is for its platform's OAuth clients), and the few calls Ringcast makes are plain
 * JSON. Each endpoint is pinned to the `cal-api-version` whose shapes this file reads, and every
 * request is bounded (config.calcom.timeoutMs): a booking is made while a callee is on the line.
 */
import { config } from '../../config';
import { calcomBaseUrl } from '../../providers/calcom';

const VERSIONS = { bookings: '2024-08-13', slots: '2024-09-04', eventTypes: '2024-06-14' } as const;

/** Cal.com answered with an error (4xx, or a 5xx it reported). */
export class CalcomApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CalcomApiError';
  }
}

/** Cal.com could not be reached, took too long, or answered something that is not its API. */
export class CalcomUnreachableError extends Error {
  override name = 'CalcomUnreachableError';
}

export interface CalcomEventTypeData {
  id: number;
  title: string;
  slug: string;
  lengthInMinutes: number;
}

export interface CalcomBookingData {
  id: number;
  uid: string;
  status: 'accepted' | 'cancelled' | 'rejected' | 'pending';
  start: string;
  end: string;
  eventTypeId: number;
  attendees: { name: string; email?: string | null; timeZone: string; phoneNumber?: string | null }[];
  metadata?: Record<string, string>;
}

interface Request {
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  version?: string;
}

async function call<T>(apiKey: string, path: string, { method = 'GET', query, body, version }: Request) {
  const url = new URL(`${calcomBaseUrl(apiKey)}/v2${path}`);
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined) url.searchParams.set(name, String(value));
  let res: Response;
  let json: { status?: string; data?: T; error?: { message?: string }; message?: string } | undefined;
  try {
    res = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${apiKey}`,
        ...(version ? { 'cal-api-version': version } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(config.calcom.timeoutMs),
      redirect: 'error',
    });
    json = (await res.json().catch(() => undefined)) as typeof json;
  } catch (err) {
    throw new CalcomUnreachableError(`Cal.com could not be reached: ${(err as Error).message}`);
  }
  if (res.status >= 500 || !json) throw new CalcomUnreachableError(`Cal.com answered ${res.status}`);
  if (!res.ok || json.status !== 'success')
    throw new CalcomApiError(
      res.status,
      json.error?.message ?? json.message ?? `Cal.com answered ${res.status}`,
    );
  return json.data as T;
}

export const fetchCalcomEventTypes = (apiKey: string) =>
  call<CalcomEventTypeData[]>(apiKey, '/event-types', { version: VERSIONS.eventTypes });

/** The free starts of an event type in [start, end], by day (Cal.com's `data`). */
export const fetchCalcomSlots = (
  apiKey: string,
  query: { eventTypeId: number; start: string; end: string; timeZone: string },
) => call<Record<string, { start: string }[]>>(apiKey, '/slots', { query, version: VERSIONS.slots });

export interface CalcomBookingInput {
  start: string;
  eventTypeId: number;
  attendee: { name: string; email?: string; timeZone: string; phoneNumber?: string };
  metadata: Record<string, string>;
}

export const createCalcomBooking = (apiKey: string, body: CalcomBookingInput) =>
  call<CalcomBookingData>(apiKey, '/bookings', { method: 'POST', body, version: VERSIONS.bookings });

/** Bookings by Cal.com's filters (attendee, event type, time); Cal.com has no filter on metadata. */
export const findCalcomBookings = (
  apiKey: string,
  query: { eventTypeId?: number; attendeeEmail?: string; afterStart?: string; beforeEnd?: string },
) =>
  call<CalcomBookingData[]>(apiKey, '/bookings', {
    query: { ...query, take: 100 },
    version: VERSIONS.bookings,
  });

export const fetchCalcomBooking = (apiKey: string, uid: string) =>
  call<CalcomBookingData>(apiKey, `/bookings/${encodeURIComponent(uid)}`, { version: VERSIONS.bookings });

export const cancelCalcomBooking = (apiKey: string, uid: string, cancellationReason: string) =>
  call<CalcomBookingData>(apiKey, `/bookings/${encodeURIComponent(uid)}/cancel`, {
    method: 'POST',
    body: { cancellationReason },
    version: VERSIONS.bookings,
  });
