import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Three files at a time on two cores (vitest's default is one a core less than the machine
    // has): the integration files mostly wait on processes, sockets and timers, and with two at a
    // time the run kept only 1.1 cores busy. Each worker has a database of its own
    // (backend/test/global-setup.ts).
    maxWorkers: 3,
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
          ],
          // A job's test runs against the real database, in the integration project.
          exclude: [...configDefaults.exclude, 'worker/src/jobs/**'],
          environment: 'node',
          // Pure rules: the files share their worker's modules (no file mocks a module).
          isolate: false,
        },
      },
      {
        test: {
          // Its own project: these files mock modules (vi.mock), so each gets a fresh module graph.
          name: 'frontend',
          include: ['frontend/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['backend/test/**/*.test.ts', 'worker/src/jobs/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['backend/test/global-setup.ts'],
          // Files share their worker's modules: importing the api anew for every file was most of
          // the suite's time. setup-env.ts puts the shared configuration back before each file.
          isolate: false,
          setupFiles: ['backend/test/setup-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
