// How the worker is started, wherever it is (npm start, npm run worker, Docker, the benches): the
// bundle scripts/build-worker.mjs writes, under Node's own options below. Plain Node: the
// supervisor reads it before any install.

export const WORKER_ENTRY = 'worker/dist/main.mjs';

/**
 * - Source maps: a stack trace in the worker's log names the TypeScript file and line.
 * - `--expose-gc`: once started, the worker collects its heap once (the end of worker/src/main.ts), so
 *   V8 sizes its old generation from what the worker holds (some 60 MB) rather than from its
 *   start-up default, which let a list parsed right after a start grow the heap to 140 MB before
 *   the first full collection.
 * - A young generation of 8 MB per semi-space instead of 16: the worker's peak memory is budgeted
 *   (under 200 MB while parsing the largest list; docs/benchmarks.md), and the space is reserved
 *   whole however little of it the worker's work needs.
 */
export const WORKER_NODE_FLAGS = ['--enable-source-maps', '--expose-gc', '--max-semi-space-size=8'];
