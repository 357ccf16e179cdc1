import { ConnectionError, DatabaseError } from 'sequelize';
import { serviceUnavailable } from '../errors';

/** What a 503 asks the client to wait: the pool opens a new connection as soon as the server answers. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * mysql2's codes for a connection that broke or could not be made. Sequelize raises its own
 * ConnectionError subclasses when the pool cannot connect (refused, timed out, host unreachable,
 * acquire timeout), but a connection lost mid-query reaches us as a DatabaseError over one of these.
 */
const LOST_CONNECTION_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

const LOST_CONNECTION_MESSAGE = /can't add new command when connection is in closed state/i;

/** Whether an error means the database could not be reached, rather than a bug or bad data. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof ConnectionError) return true;
  if (!(err instanceof DatabaseError)) return false;
  const original = (err as DatabaseError & { original?: { code?: string; message?: string } }).original;
  return Boolean(
    original &&
    ((original.code && LOST_CONNECTION_CODES.has(original.code)) ||
      LOST_CONNECTION_MESSAGE.test(original.message ?? '')),
  );
}

/** The 503 a request answers while the database is out of reach. */
export const databaseOutageAnswer = () =>
  serviceUnavailable(
    'Ringcast is briefly unavailable. Please try again in a few seconds.',
    DATABASE_RETRY_AFTER_SECONDS,
  );
