import { JOB_NAMES } from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { sharedRedis } from '../redis';
import { getQueue } from '../queues';
import { isDraining } from './draining';

/**
 * The name each worker process gives its BullMQ workers (and so their Redis connections): Redis
 * lists a process's connections while it is up and drops them the moment it dies, so the workers
 * running are read from Redis itself, with nothing to keep fresh.
 */
export const workerProcessName = (hostname: string, pid: number) => `${hostname}-${pid}`;

/**
 * How long a readiness check waits for the database or Redis. Both answer in a millisecond or two;
 * one that has not answered in this time cannot serve requests either, and a load balancer's probe
 * must be answered well within its own timeout.
 */
export const CHECK_TIMEOUT_MS = 1000;

/** Whether `fn` succeeds within CHECK_TIMEOUT_MS. */
async function check(fn: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  const answered = fn().then(
    () => true,
    () => false,
  );
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
}

/** Whether the database and Redis answer now, each checked at once and bounded in time. */
async function readDependencies() {
  const [database, redis] = await Promise.all([
    check(() => sequelize.query('SELECT 1')),
    check(() => sharedRedis().ping()),
  ]);
  return { database, redis };
}

/** Worker processes connected now: every process runs a worker on every queue, so one queue tells. */
async function runningWorkerProcesses(): Promise<number> {
  const clients = await getQueue(JOB_NAMES[0]).getWorkers();
  // BullMQ gives each client its queue's name, and the connection's own name as `rawname`.
  return new Set(clients.map((client) => client.rawname)).size;
}

/**
 * Whether this api can serve new work: the database and Redis answer and it is not draining. What
 * a load balancer sends traffic by (workers are not asked: requests are served without them).
 */
export async function readReadiness() {
  const dependencies = await readDependencies();
  const draining = isDraining();
  return { ...dependencies, draining, ready: dependencies.database && dependencies.redis && !draining };
}

/** What is really up right now: the database, Redis, and how many worker processes are connected. */
export async function readSystemHealth() {
  const { database, redis } = await readDependencies();
  const workers = redis ? await runningWorkerProcesses().catch(() => 0) : 0;
  return { database, redis, workers, healthy: database && redis && workers > 0 };
}
