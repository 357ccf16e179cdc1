import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mysql from 'mysql2/promise';
import { Redis } from 'ioredis';
import { STACK_COUNT, stackEnv, type StackEnv } from './stacks';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Drops this run's databases, Redis keys and uploads, of every stack. */
export default async function teardown() {
  for (let stack = 0; stack < STACK_COUNT; stack++) await dropStack(stackEnv(stack));
}

async function dropStack(e2eEnv: StackEnv) {
  const db = new URL(e2eEnv.DATABASE_URL);
  const name = db.pathname.slice(1);
  db.pathname = '/';
  const conn = await mysql.createConnection({ uri: db.toString() });
  await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await conn.end();

  const redis = new Redis(e2eEnv.REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${e2eEnv.REDIS_PREFIX}:*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  await redis.quit();

  fs.rmSync(path.resolve(repoRoot, e2eEnv.UPLOAD_DIR), { recursive: true, force: true });
}
