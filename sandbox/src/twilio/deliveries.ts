import http from 'node:http';
import https from 'node:https';
import twilio from 'twilio';
import { logger } from '../logger';
import type { TwilioSandboxHost } from './host';
import { isUnderPublicUrl } from './targets';

/** Twilio gives up on a webhook after 15 seconds. */
const REQUEST_TIMEOUT_MS = 15_000;
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

function request(url: URL, method: string, headers: Record<string, string>, body: string | undefined) {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = client.request(
      url,
      { method, headers, agent: agents[url.protocol as 'http:' | 'https:'], timeout: REQUEST_TIMEOUT_MS },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < MAX_RESPONSE_BYTES) text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends one request to our app as Twilio does: the fields form-encoded in a POST (or in the query
 * of a GET), signed in X-Twilio-Signature with the account's auth token over the exact URL. A URL
 * outside our app's PUBLIC_URL (a TwiML <Redirect> or action, say) is refused, never requested.
 */
export async function sendToApp(
  delivery: Delivery,
  host: PlayerHost,
): Promise<{ status: number; body: string }> {
  if (!isUnderPublicUrl(delivery.url, host.publicUrl())) {
    throw new Error('the URL is not under PUBLIC_URL, so the sandbox does not request it');
  }
  const token = await host.accountToken(delivery.accountSid);
  if (!token) throw new Error(`no auth token for account ${delivery.accountSid}`);
  const get = delivery.method === 'GET';
  const form = new URLSearchParams(delivery.params).toString();
  const url = get ? `${delivery.url}${delivery.url.includes('?') ? '&' : '?'}${form}` : delivery.url;
  const headers: Record<string, string> = {
    'X-Twilio-Signature': twilio.getExpectedTwilioSignature(token, url, get ? {} : delivery.params),
    'I-Twilio-Idempotency-Token': delivery.idempotencyToken,
    'User-Agent': 'TwilioProxy/1.1',
  };
  if (!get) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=utf-8';
    headers['Content-Length'] = String(Buffer.byteLength(form));
  }
  return request(new URL(url), get ? 'GET' : 'POST', headers, get ? undefined : form);
}

/**
 * A status or AMD callback. Like Twilio, it is not retried when our app fails to take it (the
 * dialer reconciles calls whose callbacks stop); the failure is logged.
 */
export async function deliverCallback(delivery: Delivery, host: PlayerHost): Promise<void> {
  try {
    const { status } = await sendToApp(delivery, host);
    if (status >= 400) logger.warn({ url: delivery.url, status }, 'twilio sandbox: callback refused');
  } catch (err) {
    logger.warn({ url: delivery.url, err: (err as Error).message }, 'twilio sandbox: callback failed');
  }
}
