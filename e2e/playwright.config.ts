import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { STACK_COUNT, e2eDir, specsByStack, stackEnv } from './stacks';

const testDir = path.join(e2eDir, 'tests');
const specs = specsByStack(testDir);

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  // The api, worker, browser and database share two cores here: a screen may take a few seconds.
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker a stack: each runs its stack's spec files one after another.
  workers: STACK_COUNT,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // The ten slowest spec files, after the run.
  reportSlowTests: { max: 10, threshold: 0 },
  globalTeardown: './global-teardown.ts',
  use: {
    // A trace records a screencast and DOM snapshots all through a test: it doubled the browser's
    // CPU for every passing test. It is kept for a failure's retry (CI retries once); locally,
    // rerun a failing spec with `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: specs.map((files, stack) => ({
    name: stack === 0 ? 'chromium' : `chromium-${stack + 1}`,
    metadata: { stack },
    testMatch: files.map((name) => `**/${name}`),
    workers: 1,
    use: {
      browserName: 'chromium',
      viewport: { width: 1280, height: 800 },
      baseURL: stackEnv(stack).PUBLIC_URL,
    },
  })),
  webServer: specs.map((_, stack) => ({
    // The real product: migrations, api and worker, serving the built web app.
    command: 'node ../scripts/start.mjs --skip-install --skip-build',
    url: `${stackEnv(stack).PUBLIC_URL}/api/ready`,
    timeout: 90_000,
    reuseExistingServer: false,
    env: stackEnv(stack),
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
