import { sequelize } from '../db/sequelize';
import { sharedRedis, redisKey } from '../redis';

export const WORKER_HEARTBEAT_TTL_SECONDS = 30;
export const workerHeartbeatKey = (id: string) => redisKey('worker-heartbeat', id);

async function check(fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch {
    return false;
  }
}

/** What is really up right now: the database, Redis, and how many workers beat in the last 30 s. */
export async function readSystemHealth() {
  const [database, redis] = await Promise.all([
    check(() => sequelize.query('SELECT 1')),
    check(() => sharedRedis().ping()),
  ]);
  let workers = 0;
  if (redis) {
    // SCAN pages through the whole keyspace: every page is read, or a busy Redis hides a heartbeat.
    let cursor = '0';
    do {
      const [next, keys] = await sharedRedis().scan(cursor, 'MATCH', workerHeartbeatKey('*'), 'COUNT', 1000);
      workers += keys.length;
      cursor = next;
    } while (cursor !== '0');
  }
  return { database, redis, workers, healthy: database && redis && workers > 0 };
}
