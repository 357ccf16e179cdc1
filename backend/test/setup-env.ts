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

// A worker runs file after file in one process (the integration project does not isolate files:
// importing the api anew for each file cost most of the suite's time). What a file changed in the
// shared modules is put back before the next: the configuration, the dialer's clock.
const { config, loadConfig } = await import('../src/config');
const { setDialerClock } = await import('../src/services/calls/shared');
restore(config as unknown as Record<string, unknown>, loadConfig() as unknown as Record<string, unknown>);
setDialerClock(null);

/** Puts every value of `fresh` back into `target`, into nested objects in place (modules keep references to them). */
function restore(target: Record<string, unknown>, fresh: Record<string, unknown>) {
  for (const [key, value] of Object.entries(fresh)) {
    const current = target[key];
    const isPlain = (v: unknown): v is Record<string, unknown> =>
      typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
    if (isPlain(current) && isPlain(value)) restore(current, value);
    else target[key] = value;
  }
}
