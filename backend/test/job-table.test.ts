import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProspectList, User } from '../src/db/models';
import { sequelize } from '../src/db/sequelize';
import { InvalidJobPayload, closeQueues, enqueue, getQueue } from '../src/queues';
import { registerJobSchedulers } from '../src/queues/schedulers';
import { PROSPECT_FILE_PROBLEMS } from '../src/services/prospectImport/messages';
import { closeBroadcaster } from '../src/events/publish';
import { uniqueEmail } from './helpers/client';
import { spawnWorker, type Spawned } from './helpers/processes';
import { waitFor } from './helpers/sockets';

let worker: Spawned | undefined;
let abandoned: ProspectList;

beforeAll(async () => {
  const owner = await User.create({
    firstName: 'Tia',
    lastName: 'Table',
    email: uniqueEmail('jobtable'),
    passwordHash: 'x',
  });
  // Left processing half an hour ago with no parse job: the first sweep gives up on it.
  abandoned = await ProspectList.create({
    userId: owner.id,
    name: 'stuck.csv',
    storedFileName: `stuck-${Date.now()}.csv`,
  });
  await sequelize.query('UPDATE prospect_lists SET updatedAt = ? WHERE id = ?', {
    replacements: [new Date(Date.now() - 30 * 60_000), abandoned.id],
  });
  // As on a fresh deployment: no scheduler yet, so the first worker's registration runs a sweep at once.
  const sweeps = getQueue('sweepAbandonedProspectLists');
  await sweeps.removeJobScheduler('sweepAbandonedProspectLists');
  await sweeps.drain(true);
  worker = await spawnWorker();
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await closeQueues();
  await closeBroadcaster();
});

describe('job payloads', () => {
  it('enqueue refuses a payload its schema refuses and adds nothing', async () => {
    const queue = getQueue('deliverContactMessage');
    const before = await queue.getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed');
    const refused = enqueue('deliverContactMessage', { contactMessageId: 1.5 });
    await expect(refused).rejects.toBeInstanceOf(InvalidJobPayload);
    await expect(refused).rejects.toThrow('contactMessageId must be a whole number');
    expect(await queue.getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed')).toBe(
      before,
    );
  });

  it('the worker fails a job whose payload its schema refuses at once, without running it', async () => {
    // Added behind enqueue's back, as a producer with a bug (or an older release) would.
    const job = await getQueue('parseProspectList').add(
      'parseProspectList',
      { prospectListId: 'not-an-id' } as never,
      { attempts: 5, backoff: { type: 'fixed', delay: 10 } },
    );
    await waitFor(async () => (await job.getState()) === 'failed', 15_000, 'the job to fail');
    const failed = await getQueue('parseProspectList').getJob(job.id!);
    expect(failed?.failedReason).toBe('Invalid parseProspectList payload: prospectListId must be a number');
    expect(failed?.attemptsMade).toBe(1);
  });
});

describe('job schedulers', () => {
  it('sweep abandoned prospect lists from one scheduler, whatever the number of workers', async () => {
    // The spawned worker registered the schedulers at boot, and the first sweep ran at once.
    await waitFor(async () => (await abandoned.reload()).status === 'failed', 15_000, 'the first sweep');
    expect(abandoned.failureReason).toBe(PROSPECT_FILE_PROBLEMS.gaveUp);

    // Two more workers starting register the same schedulers again.
    await registerJobSchedulers();
    await registerJobSchedulers();
    const queue = getQueue('sweepAbandonedProspectLists');
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: 'sweepAbandonedProspectLists', every: 5 * 60_000 });
    // One next run waits for its time, not one per registration.
    expect(await queue.getJobCountByTypes('waiting', 'delayed', 'prioritized')).toBe(1);
  });
});
