/** Every error the API returns has this JSON body. */
export interface ApiErrorBody {
  error: string;
  /** Stable, machine-readable. */
  code: string;
  /** Per-field messages for validation errors. */
  fields?: Record<string, string>;
}

export const ERROR_CODES = {
  invalid: 'invalid',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  /** A 403: a request that may change state reached an https-only server over plain http. */
  httpsRequired: 'https_required',
  notFound: 'not_found',
  conflict: 'conflict',
  /** A 409: the campaign lacks what it needs before it can be paid for (or dialled). */
  campaignIncomplete: 'campaign_incomplete',
  tooLarge: 'too_large',
  unsupportedType: 'unsupported_type',
  tooManyAttempts: 'too_many_attempts',
  /** A 409 or 413: the account already keeps as many lists, or as many bytes, as it may. */
  quotaExceeded: 'quota_exceeded',
  upstreamFailed: 'upstream_failed',
  timeout: 'timeout',
  /** A 503: something the server needs (Redis) is out of reach for now; Retry-After says when to try again. */
  unavailable: 'unavailable',
  internal: 'internal',
} as const;
