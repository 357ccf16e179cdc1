import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { refuseUpgrade } from '../upgradeRouter';
import { isValidRelayToken } from './relayToken';
import { RelaySession } from './relaySession';

export const RELAY_PATH = '/relay';

const CALL_PATH = /^\/relay\/(\d{1,15})$/;

/**
 * The ConversationRelay WebSocket (`/relay/:callId?token=`) on the api's own port. Only a valid,
 * unexpired token for that very call opens it; anything else gets an HTTP answer to the upgrade
 * (401, or 404 for a path that names no call), never a dropped connection.
 */
export function createRelayServer() {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sessions = new Set<RelaySession>();

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://relay.invalid');
    const match = CALL_PATH.exec(url.pathname);
    if (!match) return refuseUpgrade(socket, 404);
    const callId = Number(match[1]);
    if (!isValidRelayToken(callId, url.searchParams.get('token'))) return refuseUpgrade(socket, 401);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new RelaySession(ws, callId);
      sessions.add(session);
      void session.done.then(() => sessions.delete(session));
    });
  };

  /**
   * Closes every live session (going away), for a server that stops, and waits (a while) for their
   * last writes: the queues and the database close after this.
   */
  const close = async () => {
    for (const client of wss.clients) client.close(1001, 'server stopping');
    const closed = Promise.all([
      new Promise<void>((resolve) => wss.close(() => resolve())),
      ...[...sessions].map((session) => session.done),
    ]).then(() => undefined);
    const late = new Promise<void>((resolve) => setTimeout(resolve, 2000).unref());
    await Promise.race([closed, late]);
    for (const client of wss.clients) client.terminate();
  };
  return { upgrade, close };
}
