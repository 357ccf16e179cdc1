import type { TestProject } from 'vitest/node';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { Redis } from 'ioredis';

/**
 * Each integration run gets a database and a Redis key prefix of its own, created here and
 * removed afterwards, so runs never see each other's data (or a developer's).
 */
const baseDatabaseUrl = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export default async function setup(project: TestProject) {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseName = `ringcast_test_${runId}`;
  const server = new URL(baseDatabaseUrl);
  server.pathname = '/';
  const databaseUrl = new URL(`/${databaseName}`, server).toString();
  const redisPrefix = `ringcast-test-${runId}`;
  const uploadDir = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    `../../.tmp/test-uploads-${runId}`,
  );

  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    UPLOAD_DIR: uploadDir,
  });
  const { migrateDatabase, sequelize, closeSharedRedis } = await import('../src/index');
  await migrateDatabase();
  await sequelize.close();
  await closeSharedRedis();

  project.provide('testEnv', {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    UPLOAD_DIR: uploadDir,
  });

  return async () => {
    const conn = await mysql.createConnection({ uri: server.toString() });
    await conn.query(`DROP DATABASE IF EXISTS \`${databaseName}\``);
    await conn.end();
    const redis = new Redis(redisUrl);
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    testEnv: { DATABASE_URL: string; REDIS_URL: string; REDIS_PREFIX: string; UPLOAD_DIR: string };
  }
}
