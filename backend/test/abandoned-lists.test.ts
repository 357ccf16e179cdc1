import { afterAll, describe, expect, it } from 'vitest';
import { ProspectList, User } from '../src/db/models';
import { sequelize } from '../src/db/sequelize';
import { closeQueues, enqueue } from '../src/queues';
import { failAbandonedProspectLists } from '../src/services/prospectImport/abandonedLists';
import { PROSPECT_FILE_PROBLEMS } from '../src/services/prospectImport/messages';
import { closeBroadcaster } from '../src/events/publish';
import { uniqueEmail } from './helpers/client';

afterAll(async () => {
  await closeQueues();
  await closeBroadcaster();
});

let owner: User | undefined;

/** A list stuck in processing since `minutesAgo`. */
async function processingList(minutesAgo: number) {
  owner ??= await User.create({
    firstName: 'Sam',
    lastName: 'Sweep',
    email: uniqueEmail('sweep'),
    passwordHash: 'x',
  });
  const list = await ProspectList.create({
    userId: owner.id,
    name: 'leads.csv',
    storedFileName: `sweep-${Date.now()}.csv`,
  });
  await sequelize.query('UPDATE prospect_lists SET updatedAt = ? WHERE id = ?', {
    replacements: [new Date(Date.now() - minutesAgo * 60_000), list.id],
  });
  return list;
}

describe('abandoned prospect lists', () => {
  it('fails a list left processing whose parse job is gone, and only that one', async () => {
    const abandoned = await processingList(30);
    const queued = await processingList(30);
    const job = await enqueue('parseProspectList', { prospectListId: queued.id });
    const recent = await processingList(1);

    const failed = await failAbandonedProspectLists();
    expect(failed).toContain(abandoned.id);
    expect(failed).not.toContain(queued.id);
    expect(failed).not.toContain(recent.id);

    expect(await abandoned.reload()).toMatchObject({
      status: 'failed',
      failureReason: PROSPECT_FILE_PROBLEMS.gaveUp,
    });
    expect((await queued.reload()).status).toBe('processing');
    expect((await recent.reload()).status).toBe('processing');

    // A second sweep (another worker's, say) changes nothing more.
    expect(await failAbandonedProspectLists()).not.toContain(abandoned.id);

    // Once its job is gone too, the queued list is abandoned as well.
    await job.remove();
    expect(await failAbandonedProspectLists()).toEqual([queued.id]);
  });
});
