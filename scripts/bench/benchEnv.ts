// Shared set-up for the benchmarks: a database and Redis prefix of their own, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import mysql from 'mysql2/promise';

export function useBenchEnvironment() {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const server = (process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306').replace(/\/$/, '');
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '100',
    DATABASE_URL: `${server}/ringcast_bench_${runId}`,
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `ringcast-bench-${runId}`,
  });
  const { DATABASE_URL, REDIS_PREFIX } = process.env as Record<string, string>;

  return async function cleanUp() {
    const url = new URL(DATABASE_URL);
    const name = url.pathname.slice(1);
    url.pathname = '/';
    const conn = await mysql.createConnection({ uri: url.toString() });
    await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await conn.end();
    // Imported once the environment above is set (the backend reads it as it loads): a single
    // Redis or, with REDIS_CLUSTER, every master of the cluster.
    const { createRedis } = await import('@ringcast/backend');
    const { deleteKeys, scanKeys } = await import('@ringcast/backend/testing');
    const redis = createRedis();
    await deleteKeys(redis, await scanKeys(redis, `${REDIS_PREFIX}:*`));
    await redis.quit();
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** CPU seconds a process and its children have used so far (Linux): a cost that a busy machine does not inflate. */
export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
  return (
    (Number(fields[11]) + Number(fields[12])) / 100 +
    children.reduce((sum, child) => sum + cpuSecondsOf(Number(child)), 0)
  );
}
