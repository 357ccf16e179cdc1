// Node's own options for the api process, wherever it is started (npm start, npm run api, Docker,
// the tests and benches). Plain Node: the supervisor reads it before any install.

/**
 * A young generation of 64 MB per semi-space instead of V8's 16: thousands of webhook requests a
 * second each leave short-lived garbage, and a young-generation collection costs what survives it,
 * not what it frees, so collecting a quarter as often halves the api's time in GC (29 -> 13 ms a
 * second under the dialer bench's flood) and its pauses, which every request waiting behind them
 * feels. The worker keeps V8's default: its peak memory while parsing a large list is budgeted.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=64'];
