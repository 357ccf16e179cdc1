// The benchmarks' signed-in browsers: one socket.io client per session cookie, reconnecting as the
// app's own client does (socket.io's backoff with jitter; after a refused handshake, again 5 s later).
import { io as connect, type Socket } from 'socket.io-client';

/** What the app's client waits after the server refused a handshake (frontend/src/realtime/socket.ts). */
const REFUSED_RETRY_MS = 5000;

export interface BenchSockets {
  sockets: Socket[];
  /** Handshakes the server refused (connect_error from its middleware), since the last reset. */
  refused: () => number;
  resetRefused: () => void;
  /** Resolves with the seconds from `since` until every socket is connected, or rejects at the deadline. */
  allConnected: (since: number, timeoutMs?: number) => Promise<number>;
  close: () => void;
}

const now = () => performance.timeOrigin + performance.now();

export function openBenchSockets(
  port: number,
  cookies: string[],
  listen: (socket: Socket) => void,
): BenchSockets {
  let refused = 0;
  let connected = 0;
  const sockets = cookies.map((cookie) => {
    const socket = connect(`http://127.0.0.1:${port}`, {
      transports: ['websocket'],
      extraHeaders: { Cookie: cookie },
    });
    socket.on('connect', () => connected++);
    socket.on('disconnect', () => connected--);
    socket.on('connect_error', () => {
      // Not active: the server's middleware said no, and socket.io will not ask again by itself.
      if (socket.active) return;
      refused++;
      setTimeout(() => socket.connect(), REFUSED_RETRY_MS);
    });
    listen(socket);
    return socket;
  });
  const allConnected = async (since: number, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (connected < sockets.length) {
      if (Date.now() > deadline) throw new Error(`only ${connected} of ${sockets.length} sockets connected`);
      await new Promise((r) => setTimeout(r, 10));
    }
    return (now() - since) / 1000;
  };
  return {
    sockets,
    refused: () => refused,
    resetRefused: () => (refused = 0),
    allConnected,
    close: () => sockets.forEach((socket) => socket.close()),
  };
}
