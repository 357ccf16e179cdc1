import { createRedis, redisKey, sharedRedis, type RedisClient } from '../redis';
import { logger } from '../logger';

/**
 * A small in-process cache in front of Redis for what every request reads (its session and its
 * user). A change anywhere is announced on a Redis channel and every process drops its copy; the
 * short TTL bounds staleness should an announcement be missed (pub/sub is at-most-once).
 */
const channel = () => redisKey('near-cache', 'invalidate');
const caches = new Map<string, NearCache<unknown>>();
let subscriber: RedisClient | undefined;

function listenForInvalidations() {
  if (subscriber) return;
  subscriber = createRedis();
  subscriber.subscribe(channel()).catch((err) => logger.error({ err }, 'near cache subscribe failed'));
  subscriber.on('message', (_channel, message: string) => {
    try {
      const { cache, key } = JSON.parse(message) as { cache: string; key: string };
      caches.get(cache)?.dropLocal(key);
    } catch (err) {
      logger.warn({ err }, 'bad near cache message');
    }
  });
}

export class NearCache<T> {
  private entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly name: string,
    private readonly ttlMs = 5000,
    private readonly maxEntries = 10_000,
  ) {
    caches.set(name, this as NearCache<unknown>);
  }

  get(key: string): T | undefined {
    listenForInvalidations();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  dropLocal(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  /** Drops the key here and tells every other process to drop it too. */
  async invalidate(key: string): Promise<void> {
    this.dropLocal(key);
    await sharedRedis().publish(channel(), JSON.stringify({ cache: this.name, key }));
  }
}

export async function closeNearCaches(): Promise<void> {
  const sub = subscriber;
  subscriber = undefined;
  caches.forEach((cache) => cache.clear());
  if (sub) await sub.quit().catch(() => sub.disconnect());
}
