import type { TestProject } from 'vitest/node';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { Cluster, Redis } from 'ioredis';
import { parseClusterNodes } from '../src/lib/redisNodes';
import { deleteKeys, scanKeys } from './helpers/redisKeys';

/**
 * Each integration run gets databases and Redis key prefixes of its own, created here and removed
 * afterwards, so runs never see each other's data (or a developer's). Files run side by side, one
 * per vitest worker: each worker (its VITEST_POOL_ID) has a database, a prefix and an upload folder
 * of its own, and the files one worker runs take turns on them.
 */
const baseDatabaseUrl = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface PoolEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  /** 'true' in the `cluster` project: its files run on a Redis Cluster. */
  REDIS_CLUSTER: string;
  REDIS_PREFIX: string;
  UPLOAD_DIR: string;
}

export default async function setup(project: TestProject) {
  // The `cluster` project names its Redis Cluster in its env (vitest.config.ts); others use one Redis.
  const projectEnv = project.config.env ?? {};
  const redisCluster = projectEnv.REDIS_CLUSTER === 'true';
  const redisUrl = projectEnv.REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const server = new URL(baseDatabaseUrl);
  server.pathname = '/';
  const workers = Math.max(1, project.config.maxWorkers || project.vitest.config.maxWorkers || 1);
  const pools: PoolEnv[] = Array.from({ length: workers }, (_, i) => ({
    DATABASE_URL: new URL(`/ringcast_test_${runId}_${i + 1}`, server).toString(),
    REDIS_URL: redisUrl,
    REDIS_CLUSTER: String(redisCluster),
    REDIS_PREFIX: `ringcast-test-${runId}-${i + 1}`,
    UPLOAD_DIR: path.join(repoRoot, `.tmp/test-uploads-${runId}-${i + 1}`),
  }));

  // The migrations in processes of their own, side by side: the models bind one database a process.
  await Promise.all(
    pools.map((pool) =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'backend/src/db/migrate-cli.ts'], {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...pool },
      }),
    ),
  );
  project.provide('testEnv', pools);

  return async () => {
    const conn = await mysql.createConnection({ uri: server.toString() });
    // On a cluster every master holds some of a prefix's keys.
    const redis = redisCluster ? new Cluster(parseClusterNodes(redisUrl).nodes) : new Redis(redisUrl);
    for (const pool of pools) {
      await conn.query(`DROP DATABASE IF EXISTS \`${new URL(pool.DATABASE_URL).pathname.slice(1)}\``);
      await deleteKeys(redis, await scanKeys(redis, `${pool.REDIS_PREFIX}:*`));
      fs.rmSync(pool.UPLOAD_DIR, { recursive: true, force: true });
    }
    await conn.end();
    await redis.quit();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testEnv: PoolEnv[];
  }
}
