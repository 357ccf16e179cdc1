import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared-types/src/**/*.test.ts', 'backend/src/**/*.test.ts', 'worker/src/**/*.test.ts', 'frontend/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['backend/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['backend/test/global-setup.ts'],
          setupFiles: ['backend/test/setup-env.ts'],
          // One database for the run; files run one at a time so they can share it safely.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
