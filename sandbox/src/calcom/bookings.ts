/**
 * Bookings at Cal.com's v2 paths and shapes (cal-api-version 2024-08-13): create (refusing a taken
 * or unavailable time with Cal.com's message), list with Cal.com's filters, read one, cancel.
 */
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { number, object, string, ValidationError } from 'yup';
import { isKnownTimeZone } from '@ringcast/shared-types';
import { EVENT_TYPES, SANDBOX_ME, eventTypeById, hostBusyTimes } from './catalog';
import { badRequest, notFound, stateOf, success } from './http';
import { freeSlotStarts } from './slots';
import {
  allBookings,
  cancelStoredBooking,
  countCancelRequest,
  loadBooking,
  takeBooking,
  type StoredBooking,
} from './store';

const MINUTE = 60_000;
/** Cal.com's answer when the time is not free (taken meanwhile, or outside the host's hours). */
export const NOT_AVAILABLE = 'User either already has booking at this time or is not available';

const createSchema = object({
  start: string()
    .required('start must be a valid ISO 8601 date string')
    .test('iso', 'start must be a valid ISO 8601 date string', (v) => !Number.isNaN(Date.parse(v ?? ''))),
  eventTypeId: number()
    .typeError('eventTypeId must be an integer')
    .integer()
    .required('eventTypeId is required'),
  lengthInMinutes: number().integer().min(1).optional(),
  attendee: object({
    name: string().required('attendee.name must be a string').max(200),
    email: string().email('Invalid email format').max(254).optional(),
    timeZone: string()
      .required('attendee.timeZone must be a valid IANA time zone')
      .test('zone', 'attendee.timeZone must be a valid IANA time zone', (v) => isKnownTimeZone(v ?? '')),
    phoneNumber: string()
      .matches(/^\+[1-9]\d{6,14}$/, 'Invalid phone number format. Please use international format.')
      .optional(),
    language: string().max(10).optional(),
  })
    .required('attendee is required')
    .test('contact', 'At least one contact method (email or phone number) must be provided', (a) =>
      Boolean(a?.email || a?.phoneNumber),
    ),
  metadata: object()
    .optional()
    .test(
      'metadata',
      'Metadata must have at most 50 keys, each key up to 40 characters, and string values up to 500 characters.',
      (m) =>
        !m ||
        (Object.keys(m).length <= 50 &&
          Object.entries(m).every(([k, v]) => k.length <= 40 && typeof v === 'string' && v.length <= 500)),
    ),
  bookingFieldsResponses: object().optional(),
});

export function presentBooking(booking: StoredBooking) {
  const eventType = eventTypeById(booking.eventTypeId) ?? EVENT_TYPES[0]!;
  return {
    id: booking.id,
    uid: booking.uid,
    title: `${eventType.title} between ${SANDBOX_ME.name} and ${booking.attendees[0]?.name ?? ''}`,
    description: '',
    hosts: [
      {
        id: SANDBOX_ME.id,
        name: SANDBOX_ME.name,
        email: SANDBOX_ME.email,
        username: SANDBOX_ME.username,
        timeZone: SANDBOX_ME.timeZone,
      },
    ],
    status: booking.status,
    ...(booking.cancellationReason ? { cancellationReason: booking.cancellationReason } : {}),
    start: new Date(booking.start).toISOString(),
    end: new Date(booking.end).toISOString(),
    duration: Math.round((booking.end - booking.start) / MINUTE),
    eventTypeId: eventType.id,
    eventType: { id: eventType.id, slug: eventType.slug },
    location: 'integrations:daily',
    absentHost: false,
    createdAt: new Date(booking.createdAt).toISOString(),
    updatedAt: new Date(booking.updatedAt).toISOString(),
    metadata: booking.metadata,
    attendees: booking.attendees,
    guests: booking.guests,
    bookingFieldsResponses: booking.bookingFieldsResponses,
  };
}

async function readCreate(ctx: Context) {
  try {
    return await createSchema.validate(ctx.request.body ?? {}, { abortEarly: true });
  } catch (err) {
    if (err instanceof ValidationError) throw badRequest(err.message);
    throw err;
  }
}

async function createBooking(ctx: Context) {
  const { account } = stateOf(ctx);
  const input = await readCreate(ctx);
  const eventType = eventTypeById(input.eventTypeId);
  if (!eventType) throw notFound(`Event type with id=${input.eventTypeId} was not found`);
  if (input.lengthInMinutes && input.lengthInMinutes !== eventType.lengthInMinutes)
    throw badRequest(`Invalid length: the event type takes ${eventType.lengthInMinutes} minutes only`);
  const start = Date.parse(input.start);
  const now = Date.now();
  if (start < now) throw badRequest('Attempting to book a meeting in the past.');
  const end = start + eventType.lengthInMinutes * MINUTE;
  // Within the hours and clear of the host's own busy times; the store decides between bookings.
  const offered = freeSlotStarts(
    { from: start, to: start + 1, lengthMinutes: eventType.lengthInMinutes, now },
    hostBusyTimes(start, end),
  );
  if (!offered.includes(start)) throw badRequest(NOT_AVAILABLE);
  const { attendee } = input;
  const booking = await takeBooking(account, {
    eventTypeId: eventType.id,
    start,
    end,
    status: 'accepted',
    attendees: [
      {
        name: attendee.name,
        email: attendee.email ?? null,
        timeZone: attendee.timeZone,
        phoneNumber: attendee.phoneNumber ?? null,
        language: attendee.language ?? 'en',
        absent: false,
      },
    ],
    guests: [],
    metadata: (input.metadata ?? {}) as Record<string, string>,
    bookingFieldsResponses: { ...(input.bookingFieldsResponses ?? {}), name: attendee.name },
    cancellationReason: null,
    createdAt: now,
    updatedAt: now,
  });
  if (!booking) throw badRequest(NOT_AVAILABLE);
  success(ctx, presentBooking(booking), 201);
}

const listSchema = object({
  status: string().max(100).optional(),
  attendeeEmail: string().max(254).optional(),
  attendeeName: string().max(200).optional(),
  eventTypeId: number().integer().optional(),
  afterStart: string().optional(),
  beforeEnd: string().optional(),
  take: number().integer().min(1).max(250).optional(),
  skip: number().integer().min(0).optional(),
});

const STATUSES = ['upcoming', 'recurring', 'past', 'cancelled', 'unconfirmed'];

function statusFilter(statuses: string[], now: number) {
  return (b: StoredBooking) =>
    statuses.some(
      (status) =>
        (status === 'upcoming' && b.status === 'accepted' && b.end >= now) ||
        (status === 'past' && b.status === 'accepted' && b.end < now) ||
        (status === 'cancelled' && b.status === 'cancelled'),
    );
}

async function listBookings(ctx: Context) {
  let query;
  try {
    query = await listSchema.validate({ ...ctx.query });
  } catch (err) {
    if (err instanceof ValidationError) throw badRequest(err.message);
    throw err;
  }
  const statuses = query.status?.split(',').map((s) => s.trim());
  if (statuses?.some((s) => !STATUSES.includes(s)))
    throw badRequest('Invalid status. Allowed are upcoming, recurring, past, cancelled, unconfirmed');
  const afterStart = query.afterStart ? Date.parse(query.afterStart) : undefined;
  const beforeEnd = query.beforeEnd ? Date.parse(query.beforeEnd) : undefined;
  const email = query.attendeeEmail?.toLowerCase();
  const name = query.attendeeName?.toLowerCase();
  const matching = (await allBookings(stateOf(ctx).account))
    .filter(statuses ? statusFilter(statuses, Date.now()) : () => true)
    .filter((b) => !email || b.attendees.some((a) => a.email?.toLowerCase() === email))
    .filter((b) => !name || b.attendees.some((a) => a.name.toLowerCase().includes(name)))
    .filter((b) => query.eventTypeId === undefined || b.eventTypeId === query.eventTypeId)
    .filter((b) => afterStart === undefined || b.start >= afterStart)
    .filter((b) => beforeEnd === undefined || b.end <= beforeEnd)
    .sort((a, b) => a.start - b.start);
  const take = query.take ?? 100;
  const skip = query.skip ?? 0;
  const page = matching.slice(skip, skip + take);
  success(ctx, page.map(presentBooking), 200, {
    pagination: {
      totalItems: matching.length,
      remainingItems: Math.max(0, matching.length - skip - page.length),
      returnedItems: page.length,
      itemsPerPage: take,
      currentPage: Math.floor(skip / take) + 1,
      totalPages: Math.max(1, Math.ceil(matching.length / take)),
      hasNextPage: skip + page.length < matching.length,
      hasPreviousPage: skip > 0,
    },
  });
}

async function bookingOf(ctx: Context): Promise<StoredBooking> {
  const uid = String(ctx.params.uid);
  const booking = await loadBooking(stateOf(ctx).account, uid);
  if (!booking) throw notFound(`Booking with uid=${uid} was not found in the database`);
  return booking;
}

async function cancelBooking(ctx: Context) {
  const { account } = stateOf(ctx);
  const booking = await bookingOf(ctx);
  await countCancelRequest(account, booking.uid);
  if (booking.status === 'cancelled') throw badRequest('This booking has already been cancelled.');
  const body = (ctx.request.body ?? {}) as { cancellationReason?: unknown };
  const reason = typeof body.cancellationReason === 'string' ? body.cancellationReason.slice(0, 500) : null;
  success(ctx, presentBooking(await cancelStoredBooking(account, booking, reason)));
}

/** `guards` run first on each route (the api version, an outage). */
export function bookingRoutes(router: Router, ...guards: Middleware[]) {
  router.post('/v2/bookings', ...guards, createBooking);
  router.get('/v2/bookings', ...guards, listBookings);
  router.get('/v2/bookings/:uid', ...guards, async (ctx) =>
    success(ctx, presentBooking(await bookingOf(ctx))),
  );
  router.post('/v2/bookings/:uid/cancel', ...guards, cancelBooking);
}
