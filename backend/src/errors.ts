import { ERROR_CODES, type FieldErrors } from '@ringcast/shared-types';

/** An error that becomes an HTTP answer `{ error, code, fields? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fields?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fields?: FieldErrors) =>
  new HttpError(400, message, ERROR_CODES.invalid, fields);
export const unauthenticated = (message = 'You are not signed in') =>
  new HttpError(401, message, ERROR_CODES.unauthenticated);
export const forbidden = (message = 'You are not allowed to do that') =>
  new HttpError(403, message, ERROR_CODES.forbidden);
export const notFound = (message = 'Not found') => new HttpError(404, message, ERROR_CODES.notFound);
export const conflict = (message: string, code: string = ERROR_CODES.conflict) =>
  new HttpError(409, message, code);
export const tooLarge = (message: string) => new HttpError(413, message, ERROR_CODES.tooLarge);
export const unsupportedType = (message: string) => new HttpError(415, message, ERROR_CODES.unsupportedType);
/** A provider we depend on (OpenAI, say) failed. */
export const upstreamFailed = (message: string) => new HttpError(502, message, ERROR_CODES.upstreamFailed);
export const timedOut = (message: string) => new HttpError(504, message, ERROR_CODES.timeout);
/** The account keeps as much as it may: 409 for a count, 413 for bytes. */
export const overQuota = (status: 409 | 413, message: string) =>
  new HttpError(status, message, ERROR_CODES.quotaExceeded);
/** Something we depend on is out of reach for now (Redis); the client may try again after a pause. */
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, ERROR_CODES.unavailable, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
export const tooManyAttempts = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, ERROR_CODES.tooManyAttempts, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
