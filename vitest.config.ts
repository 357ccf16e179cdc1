import { configDefaults, defineConfig } from 'vitest/config';

const INTEGRATION_FILES = ['backend/test/**/*.test.ts', 'worker/src/jobs/**/*.test.ts'];

/** What both projects on the real database and Redis share. */
const integration = {
  environment: 'node' as const,
  globalSetup: ['backend/test/global-setup.ts'],
  // Files share their worker's modules: importing the api anew for every file was most of
  // the suite's time. setup-env.ts puts the shared configuration back before each file.
  isolate: false,
  setupFiles: ['backend/test/setup-env.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

/** The files the `cluster` project runs: queues, the dialer, limits, sessions and pushes. */
const CLUSTER_FILES = [
  'redis-cluster-layout',
  'job-table',
  'admin-queue-overview',
  'admin-queues',
  'admin-overview',
  'dialer-campaign',
  'dialer-limits',
  'dialer-recovery',
  'call-event-stream-consumer',
  'rate-limits',
  'sign-in-throttle',
  'session-lifetime',
  'socket-sessions',
  'realtime',
  'coalescing',
  'push-batches',
];

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
          ...integration,
          name: 'integration',
          include: INTEGRATION_FILES,
          // Checks what only a Redis Cluster has (slots): the `cluster` project runs it.
          exclude: [...configDefaults.exclude, 'backend/test/redis-cluster-layout.test.ts'],
        },
      },
      {
        test: {
          ...integration,
          // The Redis-heavy files again, on the local three-master Redis Cluster that
          // scripts/redis-cluster.sh starts (npm test does): hash-tagged keys, per-queue prefixes,
          // sharded pub/sub. Each file is named: a file added here is one more minute or so.
          name: 'cluster',
          include: CLUSTER_FILES.map((file) => `backend/test/${file}.test.ts`),
          env: {
            REDIS_CLUSTER: 'true',
            REDIS_URL: 'redis://127.0.0.1:7101,redis://127.0.0.1:7102,redis://127.0.0.1:7103',
          },
        },
      },
    ],
  },
});
