/**
 * Where the sandbox may send requests: under our app's PUBLIC_URL only (same origin, and within
 * its path), as https?:// for TwiML and callbacks and ws(s):// of the same host for the relay
 * socket. Anything else would let whoever names a URL make our server request it (SSRF).
 */

/** `http:` <-> `ws:`, `https:` <-> `wss:`: a socket on our app's own host. */
const SOCKET_PROTOCOL: Record<string, string> = { 'http:': 'ws:', 'https:': 'wss:' };

function parsed(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function within(target: URL, base: URL, protocol: string): boolean {
  if (target.protocol !== protocol || target.host !== base.host) return false;
  if (target.username || target.password) return false;
  const root = base.pathname.replace(/\/$/, '');
  return root === '' || target.pathname === root || target.pathname.startsWith(`${root}/`);
}

/** Whether the sandbox may request this URL (TwiML, a callback, an action): http(s) under PUBLIC_URL. */
export function isUnderPublicUrl(url: string, publicUrl: string): boolean {
  const target = parsed(url);
  const base = parsed(publicUrl);
  return !!target && !!base && within(target, base, base.protocol);
}

/** Whether the sandbox may open this WebSocket (ConversationRelay): ws(s) of PUBLIC_URL's host and path. */
export function isSocketUnderPublicUrl(url: string, publicUrl: string): boolean {
  const target = parsed(url);
  const base = parsed(publicUrl);
  const protocol = base && SOCKET_PROTOCOL[base.protocol];
  return !!target && !!base && !!protocol && within(target, base, protocol);
}
