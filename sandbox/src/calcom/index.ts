import Router from '@koa/router';
import type { Context } from 'koa';
import { isKnownTimeZone } from '@ringcast/shared-types';
import { useSandboxHost, type SandboxHost } from '../host';
import { bookingRoutes } from './bookings';
import { EVENT_TYPES, SANDBOX_ME, eventTypeById, hostBusyTimes, presentEventType } from './catalog';
import {
  apiVersion,
  authenticate,
  badRequest,
  calcomErrors,
  notFound,
  stateOf,
  success,
  troubleOf,
} from './http';
import { freeSlotStarts, groupSlots } from './slots';
import { allBookings } from './store';

const DAY_MS = 86_400_000;

/** A `start`/`end` of GET /v2/slots: a UTC ISO time, or a date (its start; for `end`, its end). */
function rangeEdge(value: unknown, name: string, endOfDay: boolean): number {
  const text = typeof value === 'string' ? value : '';
  const at = Date.parse(text);
  if (!text || Number.isNaN(at)) throw badRequest(`${name} must be a valid ISO 8601 date string`);
  return endOfDay && /^\d{4}-\d{2}-\d{2}$/.test(text) ? at + DAY_MS - 1 : at;
}

/** GET /v2/slots (cal-api-version 2024-09-04) by eventTypeId: the free starts, by day in `timeZone`. */
async function slots(ctx: Context) {
  const eventTypeId = Number(ctx.query.eventTypeId);
  if (!Number.isInteger(eventTypeId)) throw badRequest('eventTypeId must be a number');
  const eventType = eventTypeById(eventTypeId);
  if (!eventType) throw notFound(`Event type with id=${eventTypeId} not found`);
  const from = rangeEdge(ctx.query.start, 'start', false);
  // Cal.com clamps the end to a year from now.
  const to = Math.min(rangeEdge(ctx.query.end, 'end', true), Date.now() + 365 * DAY_MS);
  const zone = typeof ctx.query.timeZone === 'string' ? ctx.query.timeZone : 'UTC';
  if (!isKnownTimeZone(zone)) throw badRequest('timeZone must be a valid IANA time zone');
  const format = typeof ctx.query.format === 'string' ? ctx.query.format.toLowerCase() : 'time';
  if (format !== 'time' && format !== 'range')
    throw badRequest("slotFormat must be either 'range' or 'time'");
  const booked = (await allBookings(stateOf(ctx).account))
    .filter((b) => b.status === 'accepted')
    .map((b) => ({ start: b.start, end: b.end }));
  const starts = freeSlotStarts({ from, to, lengthMinutes: eventType.lengthInMinutes, now: Date.now() }, [
    ...hostBusyTimes(from, to + DAY_MS),
    ...booked,
  ]);
  success(ctx, groupSlots(starts, eventType.lengthInMinutes, zone, format === 'range'));
}

/**
 * A stand-in for Cal.com's API v2 under /sandbox/calcom/v2, used for keys starting `cal_sandbox_`
 * (and for every key while calls are simulated). Each key is an account of its own with the
 * seeded catalog (catalog.ts): event types, weekday hours in New York and the host's busy times.
 * A key ending `_down` answers 503 for slots and bookings, one ending `_slow` never answers them:
 * an outage a test or a demo can cause. `host` is what the api hands every sandbox.
 */
export function createCalcomSandbox(host: SandboxHost) {
  useSandboxHost(host);
  const router = new Router({ prefix: '/sandbox/calcom' });
  router.use(calcomErrors, authenticate);
  router.get('/v2/me', (ctx) => success(ctx, SANDBOX_ME));
  router.get('/v2/event-types', apiVersion('2024-06-14'), (ctx) =>
    success(ctx, EVENT_TYPES.map(presentEventType)),
  );
  router.get('/v2/slots', apiVersion('2024-09-04'), troubleOf, slots);
  bookingRoutes(router, apiVersion('2024-08-13'), troubleOf);
  router.all('/{*rest}', (ctx) => {
    throw notFound(`Cannot ${ctx.method} ${ctx.path.replace('/sandbox/calcom', '')}`);
  });
  return { router };
}
