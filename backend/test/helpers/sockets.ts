import { vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import type { EventName, EventPayload, ServerToClientEvents } from '@ringcast/shared-types';

export type TestSocket = Socket<ServerToClientEvents>;

/**
 * A signed-in browser's socket; resolves once the server has admitted it, rejects when refused
 * (and closes it). `headers` go with the handshake, an Origin say.
 */
export async function openSocket(
  baseUrl: string,
  cookie: string,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const socket: TestSocket = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    extraHeaders: { Cookie: cookie, ...headers },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  } catch (err) {
    socket.close();
    throw err;
  }
  return socket;
}

/** Every payload of one event the socket receives from now on. */
export function collect<E extends EventName>(socket: TestSocket, event: E): EventPayload<E>[] {
  const received: EventPayload<E>[] = [];
  (socket as unknown as Socket).on(event as string, (payload: EventPayload<E>) => {
    received.push(payload);
  });
  return received;
}

/**
 * Polls `check` until it gives a truthy value, and returns that value. A wrapper over vi.waitFor
 * (which takes any value that does not throw) that names what it waited for when it times out.
 */
export const waitFor = <T>(
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> =>
  vi.waitFor(async () => (await check()) || Promise.reject(new Error(`timed out waiting for ${what}`)), {
    timeout: timeoutMs,
    interval: 50,
  });
