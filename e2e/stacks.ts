import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser tests can run on stacks of their own, side by side (E2E_STACKS, default 1): each
 * stack is the whole product (migrations, api, worker, built web app) on its own port, database,
 * Redis prefix, upload folder and mail sandbox port, and runs its share of the spec files one at a
 * time, so specs on different stacks never see each other's users, campaigns or calls. One stack is
 * the default: on two cores a second stack and browser only slow each test down (every part is
 * busy on the CPU), so it pays on a machine with cores to spare.
 */

// One id per run, shared with the workers Playwright spawns (they inherit the environment).
process.env.E2E_RUN_ID ||= `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const runId = process.env.E2E_RUN_ID;
const basePort = Number(process.env.E2E_PORT || 3100);
const mysqlServer = (process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306').replace(/\/$/, '');

export const STACK_COUNT = Math.max(1, Number(process.env.E2E_STACKS || 1));

/** The environment of stack `index` (0-based). */
export function stackEnv(index: number) {
  const port = basePort + index;
  const tag = index === 0 ? runId : `${runId}_${index + 1}`;
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATABASE_URL: `${mysqlServer}/ringcast_e2e_${tag}`,
    REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `ringcast-e2e-${tag}`,
    UPLOAD_DIR: `.tmp/e2e-uploads-${tag}`,
    LOG_LEVEL: 'warn',
    // The Twilio sandbox plays calls 50 times faster: a 30 s call takes 0.6 s and still counts as 30 s.
    SANDBOX_TIME_SCALE: '50',
    // The calling rules judge the dialer's clock, not the real hour: it starts on a weekday at noon in
    // New York (the lists' 212 numbers), so every run finds the legal window open, whenever it runs.
    DIALER_CLOCK_START: '2026-11-18T17:00:00.000Z',
    // Every spec's browser comes from 127.0.0.1: per-address and total limits would trip.
    RATE_LIMIT_SCALE: '100',
    // The mail sandbox's SMTP port, apart from other runs' and stacks' (each has its own port).
    MAIL_SANDBOX_PORT: String(port + 1000),
  };
}
export type StackEnv = ReturnType<typeof stackEnv>;

/**
 * The spec files of each stack: the longest first, each to the stack with the fewest lines so far,
 * so the stacks finish close together (a spec's length stands in for its time).
 */
export function specsByStack(testDir: string): string[][] {
  const stacks = Array.from({ length: STACK_COUNT }, () => ({ files: [] as string[], lines: 0 }));
  const specs = fs
    .readdirSync(testDir)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ name, lines: fs.readFileSync(path.join(testDir, name), 'utf8').split('\n').length }))
    .sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name));
  for (const spec of specs) {
    const lightest = stacks.reduce((a, b) => (b.lines < a.lines ? b : a));
    lightest.files.push(spec.name);
    lightest.lines += spec.lines;
  }
  return stacks.map((stack) => stack.files);
}

export const e2eDir = path.dirname(fileURLToPath(import.meta.url));
