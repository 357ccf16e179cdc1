import type { RedisClient } from '../host';
import { logger } from '../logger';
import { createRedis, quitRedis } from '../redis';
import { sandboxKey, sandboxRedis } from './store';

/**
 * Calls with a live relay session announce every change over Redis pub/sub, so the process
 * holding the session's socket (any api process may) hears at once that the call was hung up,
 * redirected or cut off elsewhere, and closes the socket. Only those calls: the rest have no one
 * listening.
 */
const channel = () => sandboxKey('calls', 'changed');

type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();
let subscriber: RedisClient | undefined;
let subscribed: Promise<unknown> | undefined;

export function announceCallChanged(sid: string): void {
  sandboxRedis()
    .publish(channel(), sid)
    .catch((err: Error) => logger.warn({ err: err.message }, 'twilio sandbox: call change not announced'));
}

/** Calls `listener` on every change of the call from now on; resolves once listening, to the way to stop. */
export async function onCallChanged(sid: string, listener: Listener): Promise<() => void> {
  if (!subscriber) {
    subscriber = createRedis();
    subscriber.on('message', (_channel: string, changed: string) =>
      listeners.get(changed)?.forEach((heard) => heard()),
    );
    subscribed = subscriber.subscribe(channel());
  }
  const ofCall = listeners.get(sid) ?? new Set<Listener>();
  ofCall.add(listener);
  listeners.set(sid, ofCall);
  await subscribed;
  return () => {
    ofCall.delete(listener);
    if (!ofCall.size) listeners.delete(sid);
  };
}

/** Stops listening (the api's shutdown, once its relay sessions are closed). */
export async function closeCallChanges(): Promise<void> {
  const redis = subscriber;
  subscriber = undefined;
  subscribed = undefined;
  listeners.clear();
  if (redis) await quitRedis(redis);
}
