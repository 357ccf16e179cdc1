import { inject } from 'vitest';

// Runs before each test file is imported, so backend/src/config.ts reads the database and prefix of
// the worker running this file (global-setup.ts made one for each).
const pools = inject('testEnv');
const pool = pools[(Number(process.env.VITEST_POOL_ID) || 1) - 1];
if (!pool) throw new Error(`No test database for vitest worker ${process.env.VITEST_POOL_ID}`);
Object.assign(process.env, {
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  // Every test user signs up and works from 127.0.0.1: per-address and total limits would trip.
  RATE_LIMIT_SCALE: '100',
  // Each api a test starts runs its own mail sandbox on a free port (startServer says which in config).
  MAIL_SANDBOX_PORT: '0',
  ...pool,
});
