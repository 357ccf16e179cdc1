/**
 * Bookings of each sandbox account, in Redis (any api copy serves any request). A booking holds
 * the 15-minute cells it covers: one Lua script checks and takes them all, so two requests for the
 * same time give one booking and one refusal, as on Cal.com.
 */
import { randomBytes } from 'node:crypto';
import { redisKey, sharedRedis } from '../redis';

const CELL_MS = 15 * 60_000;

export interface StoredAttendee {
  name: string;
  email: string | null;
  timeZone: string;
  phoneNumber: string | null;
  language: string;
  absent: boolean;
}

export interface StoredBooking {
  id: number;
  uid: string;
  eventTypeId: number;
  start: number;
  end: number;
  status: 'accepted' | 'cancelled';
  attendees: StoredAttendee[];
  guests: string[];
  metadata: Record<string, string>;
  bookingFieldsResponses: Record<string, unknown>;
  cancellationReason: string | null;
  createdAt: number;
  updatedAt: number;
}

// One hash tag per account: a script's keys sit in one slot of a Redis Cluster.
const tagged = (account: string, ...parts: (string | number)[]) =>
  redisKey('calcom', `{${account}}`, ...parts);
const bookingsKey = (account: string) => tagged(account, 'bookings');
const cellKey = (account: string, cell: number) => tagged(account, 'cell', cell);
/** How many cancel requests each booking got: tests read it to see a cancel sent once. */
const cancelsKey = (account: string) => tagged(account, 'cancels');

function cellsOf(account: string, start: number, end: number): string[] {
  const keys = [];
  for (let cell = Math.floor(start / CELL_MS) * CELL_MS; cell < end; cell += CELL_MS)
    keys.push(cellKey(account, cell));
  return keys;
}

// KEYS: the bookings hash, then the cells. ARGV: uid, booking JSON. 0 when a cell is held.
const TAKE = `
for i = 2, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then return 0 end
end
for i = 2, #KEYS do redis.call('SET', KEYS[i], ARGV[1]) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;

// KEYS: the bookings hash, then the cells. ARGV: uid, booking JSON. Frees only cells it holds.
const RELEASE = `
for i = 2, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;

/** A new booking, or null when any part of its time is taken. */
export async function takeBooking(
  account: string,
  booking: Omit<StoredBooking, 'id' | 'uid'>,
): Promise<StoredBooking | null> {
  const redis = sharedRedis();
  const id = await redis.incr(redisKey('calcom', 'booking-ids'));
  const stored = { ...booking, id, uid: randomBytes(16).toString('base64url') };
  const keys = [bookingsKey(account), ...cellsOf(account, booking.start, booking.end)];
  const taken = await redis.eval(TAKE, keys.length, ...keys, stored.uid, JSON.stringify(stored));
  return taken === 1 ? stored : null;
}

export async function loadBooking(account: string, uid: string): Promise<StoredBooking | null> {
  const json = await sharedRedis().hget(bookingsKey(account), uid);
  return json ? (JSON.parse(json) as StoredBooking) : null;
}

export async function allBookings(account: string): Promise<StoredBooking[]> {
  const rows = await sharedRedis().hvals(bookingsKey(account));
  return rows.map((json) => JSON.parse(json) as StoredBooking);
}

/** Counts a cancel request for the booking (whatever its answer). */
export const countCancelRequest = (account: string, uid: string) =>
  sharedRedis().hincrby(cancelsKey(account), uid, 1);

export async function cancelRequestsOf(account: string, uid: string): Promise<number> {
  return Number((await sharedRedis().hget(cancelsKey(account), uid)) ?? 0);
}

/** Marks the booking cancelled and frees its time. */
export async function cancelStoredBooking(
  account: string,
  booking: StoredBooking,
  reason: string | null,
): Promise<StoredBooking> {
  const cancelled: StoredBooking = {
    ...booking,
    status: 'cancelled',
    cancellationReason: reason,
    updatedAt: Date.now(),
  };
  const keys = [bookingsKey(account), ...cellsOf(account, booking.start, booking.end)];
  await sharedRedis().eval(RELEASE, keys.length, ...keys, booking.uid, JSON.stringify(cancelled));
  return cancelled;
}
