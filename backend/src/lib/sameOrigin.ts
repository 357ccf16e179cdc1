import type { IncomingMessage } from 'node:http';
import { config } from '../config';

/**
 * Whether a request's Origin is the app's own: PUBLIC_URL, or the address the request itself was
 * made to. A browser sends a foreign Origin on a cross-site request and "null" from sandboxed or
 * opaque contexts, both refused; no Origin at all is not a browser's cross-site request.
 */
export function isOwnOrigin(origin: string | undefined, requestOrigin: string): boolean {
  if (!origin) return true;
  return origin === config.publicUrl || origin === requestOrigin;
}

const first = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() || undefined;

/** "proto://host" a raw request (a WebSocket handshake) was made to, read as Koa reads ctx.origin. */
export function requestOriginOf(req: IncomingMessage): string {
  const forwarded = config.trustProxy;
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const protocol = (forwarded && first(req.headers['x-forwarded-proto'])) || (encrypted ? 'https' : 'http');
  const host = (forwarded && first(req.headers['x-forwarded-host'])) || req.headers.host || '';
  return `${protocol}://${host}`;
}
