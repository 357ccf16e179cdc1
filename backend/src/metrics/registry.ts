import { Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's one registry: what the api serves at /metrics and a worker on its metrics port.
 * A registry of our own rather than prom-client's global one, so a library that registers on the
 * global one adds nothing we did not choose to export.
 */
export const registry = new Registry();

// The process defaults (CPU, memory, heap, handles, GC) and the event loop's delay, whose p50, p90
// and p99 since the last scrape come from Node's own monitorEventLoopDelay.
collectDefaultMetrics({ register: registry });
