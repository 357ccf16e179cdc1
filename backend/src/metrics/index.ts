/**
 * Prometheus metrics: the registry (process defaults included), every metric defined once
 * (definitions.ts), what the measured code calls (recorders.ts) and what gauges read at scrape
 * (collectors.ts). The api serves them at /metrics behind METRICS_TOKEN, a worker on METRICS_PORT.
 */
import { registry } from './registry';

export { registry } from './registry';
export { exportSharedFigures, watchOpenSockets } from './collectors';
export {
  countRelaySession,
  recordCallPlaced,
  recordJobs,
  recordReplyOverhead,
  recordRequest,
  timeDispatchPick,
} from './recorders';
export { isScrapeAuthorized } from './scrapeToken';

/** The registry's text exposition, with the content type Prometheus expects of it. */
export async function metricsExposition(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
