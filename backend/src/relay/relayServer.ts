import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { logger } from '../logger';
import { DRAINING_RETRY_AFTER_SECONDS, isDraining } from '../lib/draining';
import { claimRelaySession } from '../services/calls/events';
import { refuseUpgrade } from '../upgradeRouter';
import { relayTokenCallSid } from './relayToken';
import { RelaySession } from './relaySession';

export const RELAY_PATH = '/relay';

const CALL_PATH = /^\/relay\/(\d{1,15})$/;

/**
 * The ConversationRelay WebSocket (`/relay/:callId?token=`) on the api's own port. Only a valid,
 * unexpired token for that very call opens it, and only once: the upgrade claims the call for one
 * session while it is live and unsettled, under the CallSid the token names (relayClaim.ts).
 * Anything else gets an HTTP answer to the upgrade, never a dropped connection or a session: 401
 * for a bad token, 403 for another CallSid, 409 for a call settled, not live or already claimed,
 * 404 for a path that names no call. A draining process refuses every new session, 503 with
 * Retry-After, before claiming anything: Twilio's retry, sent by the balancer to another api, gets it.
 */
export function createRelayServer() {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const sessions = new Set<RelaySession>();
  /** Upgrades claiming their call: sessions about to open, which a drain waits for too. */
  let opening = 0;
  const live = () => sessions.size + opening;
  let onIdle: (() => void) | undefined;
  const settled = () => {
    if (live() === 0) onIdle?.();
  };

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isDraining())
      return refuseUpgrade(socket, 503, { 'Retry-After': String(DRAINING_RETRY_AFTER_SECONDS) });
    const url = new URL(req.url ?? '/', 'http://relay.invalid');
    const match = CALL_PATH.exec(url.pathname);
    if (!match) return refuseUpgrade(socket, 404);
    const callId = Number(match[1]);
    const callSid = relayTokenCallSid(callId, url.searchParams.get('token'));
    if (!callSid) return refuseUpgrade(socket, 401);
    opening++;
    claimRelaySession(callId, callSid)
      .then(
        (claim) => {
          if (!claim.ok) {
            logger.warn(
              { callId, status: claim.status },
              'relay upgrade refused: the call is not open to a session',
            );
            return refuseUpgrade(socket, claim.status);
          }
          wss.handleUpgrade(req, socket, head, (ws) => {
            const session = new RelaySession(ws, callId, claim.key);
            sessions.add(session);
            void session.done.then(() => {
              sessions.delete(session);
              settled();
            });
          });
        },
        (err: unknown) => {
          logger.error({ err, callId }, 'relay upgrade failed');
          refuseUpgrade(socket, 503);
        },
      )
      .finally(() => {
        // handleUpgrade calls back synchronously once the handshake is written: the session is
        // counted by now, or the upgrade was refused.
        opening--;
        settled();
      });
  };

  /**
   * Resolves once no session is live (each ended with its call), or after `ms`, or when `cut`
   * aborts: with how many are left, for the close that follows.
   */
  const drain = (ms: number, cut?: AbortSignal): Promise<number> =>
    new Promise((resolve) => {
      if (live() === 0 || cut?.aborted) return resolve(live());
      const done = () => {
        clearTimeout(timer);
        cut?.removeEventListener('abort', done);
        onIdle = undefined;
        resolve(live());
      };
      const timer = setTimeout(done, ms);
      cut?.addEventListener('abort', done);
      onIdle = done;
    });

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
  return { upgrade, drain, close, liveSessions: live };
}
