import { toast, type ToastInput } from '../components/toast/toastStore';
import { ApiError, NetworkError } from './client';

/*
 * The one error policy of the SPA's requests: what a failed request shows, by what went wrong.
 * Every screen names its toast's title and its own fallback sentence (the spec's §8 texts); this
 * module decides the rest, from one table.
 */

/** What went wrong with a request, as the policy tells failures apart. */
export type RequestFailure =
  | 'signedOut'
  | 'forbidden'
  | 'missing'
  | 'conflict'
  | 'tooLarge'
  | 'tooMany'
  | 'unreachable'
  | 'refused'
  | 'unknown';

/** The statuses the policy names (DESIGN.md, Conventions); any other non-OK answer is 'refused'. */
const FAILURE_BY_STATUS: Readonly<Record<number, RequestFailure>> = {
  401: 'signedOut',
  403: 'forbidden',
  404: 'missing',
  409: 'conflict',
  413: 'tooLarge',
  429: 'tooMany',
};

export function requestFailureOf(err: unknown): RequestFailure {
  if (err instanceof ApiError) return FAILURE_BY_STATUS[err.status] ?? 'refused';
  if (err instanceof NetworkError) return 'unreachable';
  return 'unknown';
}

/** Spec §8: the toast after a 401 where the screen signs the user in again. */
export const SIGNED_OUT_TOAST = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
} as const;
/** Spec §8: the page leaves for the login address this long after that toast. */
export const SIGNED_OUT_REDIRECT_MS = 500;
/** Where a 401 sends the user: the app's /login; the admin's full-page /api/login (spec §7). */
export const LOGIN_URLS = { app: '/login', admin: '/api/login' } as const;

export interface RequestErrorContext {
  /** The toast's title on this screen (spec §8), e.g. 'Error' or 'Upload Failed'. */
  title: string;
  /** The screen's sentence when the server gave none: the request never got an answer, or failed here. */
  fallback: string;
  /**
   * Where a 401 sends the user after the 'Unauthorized' toast. Without it a 401 is a refusal like
   * any other (a wrong password on /login is a 401 too).
   */
  signedOutTo?: string;
  /** The screen always shows `fallback`, whatever the failure (the spec gives it one text). */
  fixed?: boolean;
}

export interface RequestErrorText {
  title: string;
  description: string;
}

type Shows = (err: unknown, context: RequestErrorContext) => RequestErrorText;

/** The server's own sentence (its JSON `error`, else "<status>: <body>"), as the spec's §7 has it. */
const serverSentence: Shows = (err, { title, fallback }) => ({
  title,
  description: err instanceof ApiError ? err.sentence : fallback,
});
/** No answer from the server, or a failure on this side: the screen's own sentence. */
const screenSentence: Shows = (_err, { title, fallback }) => ({ title, description: fallback });

/**
 * What each failure shows. Every refusal shows the server's words: its 403, 404, 409 and 413
 * sentences say what to change, and its 429 sentence says how long to wait (it sends Retry-After).
 */
const SHOWS: Readonly<Record<RequestFailure, Shows>> = {
  signedOut: (err, context) => (context.signedOutTo ? { ...SIGNED_OUT_TOAST } : serverSentence(err, context)),
  forbidden: serverSentence,
  missing: serverSentence,
  conflict: serverSentence,
  tooLarge: serverSentence,
  tooMany: serverSentence,
  refused: serverSentence,
  // The browser's own words ("Failed to fetch") mean nothing to a user.
  unreachable: screenSentence,
  unknown: screenSentence,
};

/** The title and sentence a failed request shows on a screen. */
export function describeRequestError(err: unknown, context: RequestErrorContext): RequestErrorText {
  if (context.fixed) return screenSentence(err, context);
  return SHOWS[requestFailureOf(err)](err, context);
}

/** The sentence alone, for a screen that shows it in place rather than in a toast. */
export function requestErrorSentence(err: unknown, fallback: string): string {
  logRequestError(err);
  return describeRequestError(err, { title: '', fallback }).description;
}

/**
 * Shows a failed request's destructive toast; a 401 on a screen that names `signedOutTo` then
 * leaves for that login address. The full error goes to the console for whoever debugs it.
 */
export function showRequestError(err: unknown, context: RequestErrorContext): void {
  logRequestError(err);
  const shown: ToastInput = { ...describeRequestError(err, context), variant: 'destructive' };
  toast(shown);
  if (context.signedOutTo && !context.fixed && requestFailureOf(err) === 'signedOut') {
    const to = context.signedOutTo;
    setTimeout(() => window.location.assign(to), SIGNED_OUT_REDIRECT_MS);
  }
}

function logRequestError(err: unknown): void {
  if (err instanceof ApiError) console.warn(err.message);
  else console.error('Request failed', err);
}

/** Spec §8: a campaign update or delete; a 401 goes to /login. */
export const CAMPAIGN_WRITE_ERROR: RequestErrorContext = {
  title: 'Error',
  fallback: 'Something went wrong.',
  signedOutTo: LOGIN_URLS.app,
};
/** Spec §8: an admin's ticket or statistics update; a 401 goes to the full-page /api/login. */
export const ADMIN_WRITE_ERROR: RequestErrorContext = {
  title: 'Error',
  fallback: 'Something went wrong.',
  signedOutTo: LOGIN_URLS.admin,
};
