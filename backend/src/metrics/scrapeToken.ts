import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an Authorization header carries the metrics token as a bearer token. Compared as
 * digests in constant time: neither the token's length nor its first differing byte shows in the
 * time the answer takes.
 */
export function isScrapeAuthorized(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return Boolean(match) && timingSafeEqual(digest(match![1]!), digest(token));
}
