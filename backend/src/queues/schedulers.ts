import type { Queue } from 'bullmq';
import { JOB_NAMES, type JobName, type JobPayloads } from '@ringcast/shared-types';
import { getQueue } from './index';
import { JOB_TABLE, parseJobPayload } from './jobTable';

/**
 * Creates or updates the scheduler producing `name` every `everyMs` (its id is the job name).
 * BullMQ keeps one scheduler per id and produces the next job only once the previous one has
 * started, so the job runs once per interval whatever the number of workers calling this.
 */
export async function upsertJobScheduler<N extends JobName>(
  name: N,
  everyMs: number,
  payload: JobPayloads[N],
): Promise<void> {
  const data = await parseJobPayload(name, payload);
  // BullMQ's generics over the job name do not narrow well; the payload was checked above.
  await (getQueue(name) as Queue).upsertJobScheduler(
    name,
    { every: everyMs },
    { name, data, opts: JOB_TABLE[name].options },
  );
}

/**
 * Registers every schedule of the job table, and removes the scheduler of a job that no longer
 * has one. Every worker calls it at boot; calling it twice changes nothing.
 */
export async function registerJobSchedulers(): Promise<JobName[]> {
  const scheduled: JobName[] = [];
  for (const name of JOB_NAMES) {
    const schedule = JOB_TABLE[name].schedule;
    if (schedule) {
      await upsertJobScheduler(name, schedule.everyMs, schedule.payload);
      scheduled.push(name);
    } else {
      await getQueue(name).removeJobScheduler(name);
    }
  }
  return scheduled;
}
