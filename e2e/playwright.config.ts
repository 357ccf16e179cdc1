import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';

// One id per run, shared with the workers Playwright spawns (they inherit the environment).
process.env.E2E_RUN_ID ||= `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const runId = process.env.E2E_RUN_ID;
const port = Number(process.env.E2E_PORT || 3100);
const mysqlServer = process.env.TEST_DATABASE_URL || 'mysql://root@127.0.0.1:3306';

export const e2eEnv = {
  NODE_ENV: 'test',
  PORT: String(port),
  PUBLIC_URL: `http://localhost:${port}`,
  DATABASE_URL: `${mysqlServer.replace(/\/$/, '')}/ringcast_e2e_${runId}`,
  REDIS_URL: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `ringcast-e2e-${runId}`,
  UPLOAD_DIR: `.tmp/e2e-uploads-${runId}`,
  LOG_LEVEL: 'warn',
  // The Twilio sandbox plays calls 50 times faster: a 30 s call takes 0.6 s and still counts as 30 s.
  SANDBOX_TIME_SCALE: '50',
  // The calling rules judge the dialer's clock, not the real hour: it starts on a weekday at noon in
  // New York (the lists' 212 numbers), so every run finds the legal window open, whenever it runs.
  DIALER_CLOCK_START: '2026-11-18T17:00:00.000Z',
  // Every spec's browser comes from 127.0.0.1: per-address and total limits would trip.
  RATE_LIMIT_SCALE: '100',
  // The mail sandbox's SMTP port, apart from other runs' (each run has its own E2E_PORT).
  MAIL_SANDBOX_PORT: String(port + 1000),
};

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  // The api, worker, browser and database share two cores here: a screen may take a few seconds.
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // The ten slowest spec files, after the run.
  reportSlowTests: { max: 10, threshold: 0 },
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    // The real product: migrations, api and worker, serving the built web app.
    command: 'node ../scripts/start.mjs --skip-install --skip-build',
    url: `http://localhost:${port}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    env: e2eEnv,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
