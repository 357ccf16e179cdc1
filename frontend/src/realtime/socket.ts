import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, EventName, ServerToClientEvents } from '@ringcast/shared-types';
import { useRealtimeStore } from '../stores/realtimeStore';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Handler = (payload: never) => void;

/** How long to wait before asking again after the server refused or dropped us. */
const REFUSED_RETRY_MS = 5000;

let socket: ClientSocket | null = null;
let connectedOnce = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
const handlers = new Map<EventName, Set<Handler>>();
const refetchers = new Set<() => void>();
let onRefused: (() => Promise<boolean>) | undefined;

const setConnected = (connected: boolean) => useRealtimeStore.getState().setConnected(connected);

function dispatch(event: EventName, payload: unknown) {
  for (const handler of handlers.get(event) ?? []) {
    try {
      (handler as (p: unknown) => void)(payload);
    } catch (err) {
      console.error(`Handler for ${event} failed`, err);
    }
  }
}

/**
 * The server refused us (signed-out socket) or kicked us: the client will not retry on its own.
 * Ask whether the session is still valid, and try again later only if it is.
 */
function handleRefused() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(async () => {
    const stillSignedIn = onRefused ? await onRefused() : true;
    if (stillSignedIn && socket && !socket.connected) socket.connect();
  }, REFUSED_RETRY_MS);
}

/**
 * Opens the socket for the signed-in user (idempotent). `checkSession` re-reads the current user
 * and says whether someone is still signed in.
 */
export function connectRealtime(checkSession?: () => Promise<boolean>): void {
  onRefused = checkSession;
  if (socket) {
    if (!socket.connected) socket.connect();
    return;
  }
  // WebSocket only: one connection that stays on the api it reached, so any api behind a round-robin
  // balancer serves it (long-polling would need every request of a session sent to the same api).
  const s: ClientSocket = io({ path: '/socket.io', withCredentials: true, transports: ['websocket'] });
  s.onAny((event: EventName, payload: unknown) => dispatch(event, payload));
  s.on('connect', () => {
    setConnected(true);
    if (connectedOnce) for (const refetch of refetchers) refetch();
    connectedOnce = true;
  });
  s.on('disconnect', (reason) => {
    setConnected(false);
    if (reason === 'io server disconnect') handleRefused();
  });
  s.on('connect_error', () => {
    setConnected(false);
    if (!s.active) handleRefused();
  });
  socket = s;
}

/** Closes the socket (sign-out, another account); the session detaches its handlers itself. */
export function disconnectRealtime(): void {
  clearTimeout(retryTimer);
  socket?.removeAllListeners();
  socket?.disconnect();
  socket = null;
  connectedOnce = false;
  setConnected(false);
}

/** Attaches a handler for one server event; returns the function that detaches it. */
export function subscribe<E extends EventName>(event: E, handler: ServerToClientEvents[E]): () => void {
  let set = handlers.get(event);
  if (!set) handlers.set(event, (set = new Set()));
  set.add(handler as Handler);
  return () => {
    set.delete(handler as Handler);
  };
}

/** Registers a refetch that runs once after each reconnect, to catch up on missed events. */
export function onReconnect(refetch: () => void): () => void {
  refetchers.add(refetch);
  return () => {
    refetchers.delete(refetch);
  };
}
