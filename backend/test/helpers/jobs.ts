import type { JobName } from '@ringcast/shared-types';
import { getQueue, getQueueEvents } from '../../src/queues';
import { waitFor } from './sockets';

/**
 * Counts, from now on, every attempt to add a job under a jobId to a queue: added, or refused as
 * a duplicate of the job already there. A test waits on these for a trigger it does not drive
 * itself (a webhook, another process) to have enqueued its work.
 */
export async function watchEnqueues(name: JobName) {
  const events = await getQueueEvents(name);
  const attempts = new Map<string, number>();
  const count = ({ jobId }: { jobId: string }) => attempts.set(jobId, (attempts.get(jobId) ?? 0) + 1);
  events.on('added', count);
  events.on('duplicated', count);
  return {
    /** Resolves once `jobId` has been enqueued `times` times since the watch began. */
    until: (jobId: string, times: number, timeoutMs = 15_000) =>
      waitFor(() => (attempts.get(jobId) ?? 0) >= times, timeoutMs, `${times} enqueues of ${jobId}`),
    stop: () => {
      events.off('added', count);
      events.off('duplicated', count);
    },
  };
}

/** The job's result once it has completed (at once if it already has); rejects if it failed. */
export async function jobFinished(name: JobName, jobId: string, timeoutMs = 15_000): Promise<unknown> {
  const job = await getQueue(name).getJob(jobId);
  if (!job) throw new Error(`no ${name} job ${jobId}`);
  return job.waitUntilFinished(await getQueueEvents(name), timeoutMs);
}
