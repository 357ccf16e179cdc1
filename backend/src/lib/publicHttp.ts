import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * POSTs to an address a customer gave us (their webhook endpoint) without letting it reach our own
 * network (server-side request forgery). The host is resolved and refused when any of its addresses
 * is not public (private, loopback, link-local, unique-local, multicast, unspecified, reserved...:
 * anything ipaddr.js does not call plain `unicast`), and the connection goes to the very address
 * that was checked (the http agent's lookup answers it), so a second resolution by a rebinding DNS
 * server cannot slip a private address in. Redirects are never followed: a 3xx is an answer.
 */
export class RefusedAddress extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddress';
  }
}

/** Whether the address is on the public internet (an IPv4-mapped IPv6 address is judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** A lookup that answers only checked addresses: every one public, unless private ones are allowed. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (!allowPrivate && refused) {
        return callback(new RefusedAddress(`${hostname} resolves to a non-public address`), '', 0);
      }
      const first = addresses[0];
      if (!first) return callback(new RefusedAddress(`${hostname} has no address`), '', 0);
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [first]);
      callback(null, first.address, first.family);
    });
  };
}

export interface PublicPostResult {
  statusCode: number;
  /** The first `keepBytes` of the answer, as text. */
  body: string;
}

/**
 * POSTs `body` to `url` within `timeoutMs` (connection, answer and the kept part of its body), and
 * answers the status and the first `keepBytes` of the body. Throws RefusedAddress for a host that
 * is not public (unless `allowPrivate`), and the network's errors otherwise.
 */
export function postToPublicUrl(
  url: string,
  body: string,
  headers: Record<string, string>,
  {
    timeoutMs,
    allowPrivate,
    keepBytes = 500,
  }: { timeoutMs: number; allowPrivate: boolean; keepBytes?: number },
): Promise<PublicPostResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // An address written as such is never looked up: it is checked here instead.
  if (ipaddr.isValid(host) && !allowPrivate && !isPublicAddress(host)) {
    return Promise.reject(new RefusedAddress(`${host} is not a public address`));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<PublicPostResult>((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
        lookup: checkedLookup(allowPrivate),
        // A fresh connection each time: a pooled one would skip the lookup's check.
        agent: false,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const finish = () => {
          response.destroy();
          resolve({
            statusCode: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, keepBytes).toString('utf8'),
          });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          kept += chunk.length;
          if (kept >= keepBytes) finish();
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
