import type { Job } from 'bullmq';
import { JOB_NAMES, type JobName, type JobPayloads } from '@ringcast/shared-types';
import { handleDeliverContactMessage } from './jobs/deliverContactMessage';

export type JobHandler<N extends JobName> = (job: Job<JobPayloads[N]>) => Promise<unknown>;

/** Job name -> handler. Every name in the shared contract needs one (checked at boot). */
export const handlers: { [N in JobName]: JobHandler<N> } = {
  deliverContactMessage: handleDeliverContactMessage,
};

export function assertEveryJobHasHandler(): void {
  const missing = JOB_NAMES.filter((name) => typeof handlers[name] !== 'function');
  if (missing.length) throw new Error(`No handler for jobs: ${missing.join(', ')}`);
}
