import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Answers an upgrade with a plain HTTP response (and any extra headers) and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number, headers: Record<string, string> = {}): void {
  const body = `${STATUS_CODES[status]}\n`;
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      `Connection: close\r\nContent-Type: text/plain; charset=utf-8\r\n${extra}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * The server's WebSocket upgrades by path. An upgrade under one of `routes` goes to its handler;
 * one under `attached` is left to the server that listens for it on its own (Socket.IO, which is
 * created with destroyUpgrade: false so it leaves every other path alone); any other gets an HTTP
 * 404 answer instead of a connection left hanging or cut.
 */
export function routeUpgrades(
  server: Server,
  { routes = {}, attached = [] }: { routes?: Record<string, UpgradeHandler>; attached?: string[] },
): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = req.url ?? '/';
    if (attached.some((prefix) => url.startsWith(prefix))) return;
    const path = url.split('?')[0]!;
    const route = Object.keys(routes).find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    socket.on('error', () => undefined);
    if (route) return routes[route]!(req, socket, head);
    refuseUpgrade(socket, 404);
  });
}
