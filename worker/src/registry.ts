import type { Job } from 'bullmq';
import { JOB_NAMES, type JobName, type JobPayloads } from '@ringcast/shared-types';
import { handleDeliverContactMessage } from './jobs/deliverContactMessage';
import { handleParseProspectList } from './jobs/parseProspectList';
import { handleGenerateScript } from './jobs/generateScript';
import { handleActivateCampaign } from './jobs/activateCampaign';
import { handleRecordFailedPayment } from './jobs/recordFailedPayment';

export type JobHandler<N extends JobName> = (job: Job<JobPayloads[N]>) => Promise<unknown>;

/** Job name -> handler. Every name in the shared contract needs one (checked at boot). */
export const handlers: { [N in JobName]: JobHandler<N> } = {
  deliverContactMessage: handleDeliverContactMessage,
  parseProspectList: handleParseProspectList,
  generateScript: handleGenerateScript,
  activateCampaign: handleActivateCampaign,
  recordFailedPayment: handleRecordFailedPayment,
};

/**
 * Jobs a worker process runs at once, where WORKER_CONCURRENCY would be too many: a parse holds a
 * whole file's worth of dedupe state and keeps a core busy, so a few at a time is the fastest.
 */
export const concurrencyLimits: Partial<Record<JobName, number>> = {
  parseProspectList: 2,
};

export function assertEveryJobHasHandler(): void {
  const missing = JOB_NAMES.filter((name) => typeof handlers[name] !== 'function');
  if (missing.length) throw new Error(`No handler for jobs: ${missing.join(', ')}`);
}
