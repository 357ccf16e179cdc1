import { vi } from 'vitest';

type Listener = (...args: unknown[]) => void;

const listeners = new Map<string, Listener>();
let anyListener: Listener | undefined;

const socket = {
  connected: false,
  active: true,
  on: (event: string, fn: Listener) => listeners.set(event, fn),
  onAny: (fn: Listener) => (anyListener = fn),
  connect: vi.fn(),
  disconnect: vi.fn(),
  removeAllListeners: vi.fn(() => {
    listeners.clear();
    anyListener = undefined;
  }),
};

/**
 * A stand-in for socket.io-client's `io()` in unit tests (`vi.mock('socket.io-client', ...)`):
 * `fire` plays the socket's own events (connect, disconnect), `push` a server event.
 */
export const fakeSocketIo = {
  socket,
  io: vi.fn(() => socket),
  fire: (event: string, ...args: unknown[]) => listeners.get(event)?.(...args),
  push: (event: string, payload: unknown) => anyListener?.(event, payload),
};
