import { Cluster } from 'ioredis';
import type { RedisClient } from '../../src/redis';

/**
 * Every key matching `pattern`. A Redis Cluster's keys are spread over its masters and SCAN walks
 * one node, so each master is scanned.
 */
export async function scanKeys(redis: RedisClient, pattern: string): Promise<string[]> {
  // A cluster knows its masters once it is ready: the first command waits for that.
  if (redis instanceof Cluster) await redis.ping();
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  const found: string[] = [];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
  return found;
}

/** Deletes keys that may lie in different slots (a cluster refuses a DEL across slots). */
export async function deleteKeys(redis: RedisClient, keys: string[]): Promise<void> {
  if (!keys.length) return;
  if (redis instanceof Cluster) await Promise.all(keys.map((key) => redis.del(key)));
  else await redis.del(...keys);
}
