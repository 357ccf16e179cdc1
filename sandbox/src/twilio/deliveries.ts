import http from 'node:http';
import https from 'node:https';
import twilio from 'twilio';
import { installedSandboxHost } from '../host';
import { logger } from '../logger';
import {
  failureOfStatus,
  retryBackoffMs,
  splitConnectionOverrides,
  type FailureClass,
} from './connectionOverrides';
import type { TwilioSandboxHost } from './host';
import { isUnderPublicUrl } from './targets';

/** Our app's answers we read: TwiML is at most a few KB; anything longer is cut off. */
const MAX_RESPONSE_BYTES = 256 * 1024;

/**
 * Connections to our app are kept open between requests, as Twilio's are, but let go after 4 s
 * idle: node's server closes an idle connection after 5 s, and a request sent on one it is
 * closing at that moment fails with "socket hang up".
 */
const IDLE_CONNECTION_MS = 4_000;
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS }),
};

/**
 * What playing calls needs of the api: the accounts' tokens (to sign), where our app is, and which
 * account is the platform's (it owns only the numbers it bought).
 */
export type PlayerHost = Pick<TwilioSandboxHost, 'accountToken' | 'publicUrl' | 'platformAccountSid'>;

export interface Delivery {
  accountSid: string;
  url: string;
  method: string;
  params: Record<string, string>;
  /** Sent as I-Twilio-Idempotency-Token: the same for a redelivery of the same request. */
  idempotencyToken: string;
}

/** An attempt that got no answer; `failure` says whether it ever connected. */
class AttemptFailed extends Error {
  constructor(
    message: string,
    readonly failure: FailureClass,
  ) {
    super(message);
  }
}

interface Timeouts {
  connectMs: number;
  readMs: number;
  /** What is left of the total time for all tries (tt). */
  totalMs: number;
}

/**
 * One attempt: `connectMs` to open a connection (a kept-open one is already connected), then
 * `readMs` of silence at most before and within the answer, all within `totalMs`.
 */
function request(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeouts: Timeouts,
) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    let connected = false;
    const fail = (message: string) => new AttemptFailed(message, connected ? 'rt' : 'ct');
    const req = client.request(
      url,
      { method, headers, agent: agents[url.protocol as 'http:' | 'https:'] },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < MAX_RESPONSE_BYTES) text += chunk;
        });
        res.on('end', () => {
          clearTimeout(total);
          resolve({ status: res.statusCode ?? 0, body: text });
        });
        res.on('close', () => {
          clearTimeout(total);
          if (!res.complete) reject(fail('the answer was cut off'));
        });
      },
    );
    const total = setTimeout(
      () => req.destroy(fail(`no answer within ${timeouts.totalMs} ms`)),
      timeouts.totalMs,
    );
    const readFrom = () => {
      connected = true;
      req.setTimeout(timeouts.readMs, () => req.destroy(fail(`no answer within ${timeouts.readMs} ms`)));
    };
    req.on('socket', (socket) => {
      if (!socket.connecting) return readFrom();
      const connect = setTimeout(
        () => req.destroy(fail(`no connection within ${timeouts.connectMs} ms`)),
        timeouts.connectMs,
      );
      socket.once('connect', () => {
        clearTimeout(connect);
        readFrom();
      });
      socket.once('close', () => clearTimeout(connect));
    });
    req.on('error', (err) => {
      clearTimeout(total);
      reject(err instanceof AttemptFailed ? err : fail(err.message));
    });
    req.end(body);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one request to our app as Twilio does: the fields form-encoded in a POST (or in the query
 * of a GET), signed in X-Twilio-Signature with the account's auth token over the exact URL
 * requested, which is the webhook URL without its connection overrides (connectionOverrides.ts):
 * those set the timeouts and which failures are tried again, each try with the same idempotency
 * token. A URL outside our app's PUBLIC_URL (a TwiML <Redirect> or action, say) is refused, never
 * requested. The answer is the last try's; a last try with no answer throws.
 */
export async function sendToApp(
  delivery: Delivery,
  host: PlayerHost,
): Promise<{ status: number; body: string }> {
  const { url: target, overrides } = splitConnectionOverrides(delivery.url);
  if (!isUnderPublicUrl(target, host.publicUrl())) {
    throw new Error('the URL is not under PUBLIC_URL, so the sandbox does not request it');
  }
  const token = await host.accountToken(delivery.accountSid);
  if (!token) throw new Error(`no auth token for account ${delivery.accountSid}`);
  const get = delivery.method === 'GET';
  const form = new URLSearchParams(delivery.params).toString();
  const url = get ? `${target}${target.includes('?') ? '&' : '?'}${form}` : target;
  const headers: Record<string, string> = {
    'X-Twilio-Signature': twilio.getExpectedTwilioSignature(token, url, get ? {} : delivery.params),
    'I-Twilio-Idempotency-Token': delivery.idempotencyToken,
    'User-Agent': 'TwilioProxy/1.1',
  };
  if (!get) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=utf-8';
    headers['Content-Length'] = String(Buffer.byteLength(form));
  }
  const deadline = Date.now() + overrides.totalMs;
  // Waits between tries pass on the sandbox's clock; the timeouts are our app's real answer time.
  const scale = Math.max(installedSandboxHost()?.timeScale() ?? 1, 1);
  for (let retry = 0; ; retry++) {
    const left = deadline - Date.now();
    const timeouts = {
      connectMs: Math.min(overrides.connectTimeoutMs, left),
      readMs: Math.min(overrides.readTimeoutMs, left),
      totalMs: left,
    };
    let outcome: { status: number; body: string } | AttemptFailed;
    try {
      outcome = await request(new URL(url), get ? 'GET' : 'POST', headers, get ? undefined : form, timeouts);
    } catch (err) {
      if (!(err instanceof AttemptFailed)) throw err;
      outcome = err;
    }
    const failure = outcome instanceof AttemptFailed ? outcome.failure : failureOfStatus(outcome.status);
    const wait = retryBackoffMs(retry + 1) / scale;
    const tryAgain =
      failure && retry < overrides.retries && overrides.retryOn.has(failure) && Date.now() + wait < deadline;
    if (!tryAgain) {
      if (outcome instanceof AttemptFailed) throw outcome;
      return outcome;
    }
    logger.debug({ url: target, failure, retry: retry + 1 }, 'twilio sandbox: trying a webhook again');
    await sleep(wait);
  }
}

/**
 * A status, AMD or recording callback. Tried again only as its URL's connection overrides ask
 * (by default once, when no connection could be made); a callback that still fails is logged,
 * and the dialer reconciles calls whose callbacks stop.
 */
export async function deliverCallback(delivery: Delivery, host: PlayerHost): Promise<void> {
  try {
    const { status } = await sendToApp(delivery, host);
    if (status >= 400) logger.warn({ url: delivery.url, status }, 'twilio sandbox: callback refused');
  } catch (err) {
    logger.warn({ url: delivery.url, err: (err as Error).message }, 'twilio sandbox: callback failed');
  }
}
