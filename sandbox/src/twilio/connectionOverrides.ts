/**
 * Twilio's webhook connection overrides: a fragment on a webhook URL (`…/status#rc=3&rp=ct,5xx`)
 * sets, for requests to that URL, the connect timeout (ct), read timeout (rt), total time for all
 * attempts (tt), how many times a failed request is tried again (rc) and which failures are
 * (rp: ct, rt, 4xx, 5xx or all). Twilio reads the fragment and never sends it: the request goes,
 * and is signed, without it. Without a fragment Twilio's defaults hold: one more try when the
 * connection could not be made, none on an answer however bad.
 */

/** What made an attempt fail: no connection, no (whole) answer in time, or an answer of 4xx/5xx. */
export type FailureClass = 'ct' | 'rt' | '4xx' | '5xx';

export interface ConnectionOverrides {
  connectTimeoutMs: number;
  readTimeoutMs: number;
  totalMs: number;
  retries: number;
  retryOn: ReadonlySet<FailureClass>;
}

/** Twilio's documented range (min, max) and default of each numeric override. */
const LIMITS = {
  ct: { min: 100, max: 10_000, fallback: 5_000 },
  rt: { min: 100, max: 15_000, fallback: 15_000 },
  tt: { min: 100, max: 15_000, fallback: 15_000 },
  rc: { min: 0, max: 5, fallback: 1 },
} as const;

const POLICIES: Record<string, FailureClass[]> = {
  ct: ['ct'],
  rt: ['rt'],
  '4xx': ['4xx'],
  '5xx': ['5xx'],
  all: ['ct', 'rt', '4xx', '5xx'],
};

/** Keys Twilio knows that the sandbox has nothing to do with: the egress edge and SNI. */
const IGNORED = new Set(['e', 'sni']);

/** A fragment Twilio would refuse to request with (its debugger's 11243 for a bad `rp`, and so on). */
export class InvalidConnectionOverride extends Error {}

function numeric(key: keyof typeof LIMITS, value: string | null): number {
  const { min, max, fallback } = LIMITS[key];
  if (value === null) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new InvalidConnectionOverride(
      `connection override ${key}=${value} is not a whole number from ${min} to ${max}`,
    );
  }
  return n;
}

function retryPolicy(value: string | null): Set<FailureClass> {
  if (value === null) return new Set(['ct']);
  const classes = value.split(',').map((part) => POLICIES[part.trim()]);
  if (classes.some((c) => !c)) {
    throw new InvalidConnectionOverride(
      `connection override rp=${value} is not a list of ct, rt, 4xx, 5xx, all (Twilio error 11243)`,
    );
  }
  return new Set(classes.flat() as FailureClass[]);
}

/** The URL Twilio requests (and signs): the webhook URL without its fragment, and what the fragment asks. */
export function splitConnectionOverrides(webhookUrl: string): {
  url: string;
  overrides: ConnectionOverrides;
} {
  const hash = webhookUrl.indexOf('#');
  const url = hash < 0 ? webhookUrl : webhookUrl.slice(0, hash);
  const fields = new URLSearchParams(hash < 0 ? '' : webhookUrl.slice(hash + 1));
  for (const key of fields.keys()) {
    if (!(key in LIMITS) && key !== 'rp' && !IGNORED.has(key)) {
      throw new InvalidConnectionOverride(`connection override ${key} is not one Twilio knows`);
    }
  }
  return {
    url,
    overrides: {
      connectTimeoutMs: numeric('ct', fields.get('ct')),
      readTimeoutMs: numeric('rt', fields.get('rt')),
      totalMs: numeric('tt', fields.get('tt')),
      retries: numeric('rc', fields.get('rc')),
      retryOn: retryPolicy(fields.get('rp')),
    },
  };
}

/** How an answer failed, if it did: Twilio takes any 2xx or 3xx as delivered. */
export const failureOfStatus = (status: number): FailureClass | undefined =>
  status >= 500 ? '5xx' : status >= 400 ? '4xx' : undefined;

/**
 * The wait before try `retry` (1 for the first retry): Twilio documents none, only that every try
 * fits within tt, so the sandbox doubles a short pause (100, 200, 400 … ms of Twilio's time).
 */
export const retryBackoffMs = (retry: number) => 100 * 2 ** (retry - 1);
