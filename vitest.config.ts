import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './scripts/slowestTestFiles.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared-types/src/**/*.test.ts',
            'sandbox/src/**/*.test.ts',
            'backend/src/**/*.test.ts',
            'worker/src/**/*.test.ts',
            'frontend/src/**/*.test.{ts,tsx}',
          ],
          // A job's test runs against the real database, in the integration project.
          exclude: [...configDefaults.exclude, 'worker/src/jobs/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['backend/test/**/*.test.ts', 'worker/src/jobs/**/*.test.ts'],
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
