import { JOB_NAMES } from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { sharedRedis } from '../redis';
import { getQueue } from '../queues';

/**
 * The name each worker process gives its BullMQ workers (and so their Redis connections): Redis
 * lists a process's connections while it is up and drops them the moment it dies, so the workers
 * running are read from Redis itself, with nothing to keep fresh.
 */
export const workerProcessName = (hostname: string, pid: number) => `${hostname}-${pid}`;

async function check(fn: () => Promise<unknown>): Promise<boolean> {
  try {
    await fn();
    return true;
  } catch {
    return false;
  }
}

/** Worker processes connected now: every process runs a worker on every queue, so one queue tells. */
async function runningWorkerProcesses(): Promise<number> {
  const clients = await getQueue(JOB_NAMES[0]).getWorkers();
  // BullMQ gives each client its queue's name, and the connection's own name as `rawname`.
  return new Set(clients.map((client) => client.rawname)).size;
}

/** What is really up right now: the database, Redis, and how many worker processes are connected. */
export async function readSystemHealth() {
  const [database, redis] = await Promise.all([
    check(() => sequelize.query('SELECT 1')),
    check(() => sharedRedis().ping()),
  ]);
  const workers = redis ? await runningWorkerProcesses().catch(() => 0) : 0;
  return { database, redis, workers, healthy: database && redis && workers > 0 };
}
