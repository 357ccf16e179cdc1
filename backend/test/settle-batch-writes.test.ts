import { describe, expect, it, vi } from 'vitest';
import { QueryTypes } from 'sequelize';
import { sequelize } from '../src/db/sequelize';
import { logger } from '../src/logger';
import { CallRecord } from '../src/db/models';
import { recordRelayEnd } from '../src/services/calls/events';
import { recordCallOutcome } from '../src/services/calls/settle';
import { saveLockedCalls } from '../src/services/calls/shared';
import { writeTurnRow } from '../src/services/agent/transcriptWrites';
import { dialableCampaign, numbersEndingIn } from './helpers/dialer';
import { untilLockWaits } from './helpers/innodb';
import { account, useSettleBatch } from './helpers/settleBatch';

/**
 * What a batch writes, and the locks it takes beside the other writers of its calls: turns of live
 * calls and single changes wait or are written again, never refused or lost to a deadlock.
 */
const { api, campaignInCalls } = useSettleBatch();

describe("a batch's writes", () => {
  it('keep the milliseconds of the times they write, as saving each call would', async () => {
    const { campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6]),
      state: 'draft',
      directList: true,
    });
    const calls = await CallRecord.bulkCreate(
      numbersEndingIn([6, 6]).map((toNumber) => ({
        campaignId: campaign.id,
        userId: campaign.userId,
        toNumber,
        accountSid: account.accountSid,
        status: 'dialing' as const,
      })),
    );
    const times = [new Date('2026-07-01T17:00:00.123Z'), new Date('2026-07-01T17:00:01.987Z')];
    await sequelize.transaction(async (transaction) => {
      calls.forEach((call, i) => (call.startedAt = times[i]));
      await saveLockedCalls(calls, transaction);
    });
    const stored = await CallRecord.findAll({
      where: { id: calls.map((c) => c.id) },
      order: [['id', 'ASC']],
    });
    expect(stored.map((call) => call.startedAt?.toISOString())).toEqual(times.map((t) => t.toISOString()));
    expect(stored.map((call) => call.updatedAt.toISOString())).toEqual(
      calls.map((call) => call.updatedAt.toISOString()),
    );
  });
});

/** The agent's first turn of the call, as a live call writes it. */
const agentTurn = (call: CallRecord) => ({
  callRecordId: call.id,
  seq: 0,
  speaker: 'agent',
  text: 'Hello, this is Ava.',
  offsetMs: 0,
  interrupted: false,
});

/** Which of the calls have turns stored: their ids, in order. */
async function callsWithTurns(calls: CallRecord[]) {
  const stored = await sequelize.query<{ callRecordId: number }>(
    'SELECT callRecordId FROM call_transcript_turns WHERE callRecordId IN (:ids)',
    { replacements: { ids: calls.map((call) => call.id) }, type: QueryTypes.SELECT },
  );
  return stored.map((row) => Number(row.callRecordId)).sort((a, b) => a - b);
}

describe('turns written beside a batch', () => {
  // A batch locks its calls in id order while live calls' turns are written: each turn's foreign
  // key waits for its call's row. Turns of a later call first, then an earlier one, would hold the
  // later call's row and wait for the earlier one's, which the batch holds while it asks for the later.
  it('wait for the calls a batch holds, never deadlocking with it', async () => {
    const { calls } = await campaignInCalls(1);
    const [first, second] = [...calls].sort((a, b) => a.id - b.id);
    // The side the database would roll back: the batch (its transaction throws), or the turns'
    // statement (written again one by one, with a warning).
    const refused = vi.spyOn(logger, 'warn');
    let written: Promise<unknown> = Promise.resolve();
    await sequelize.transaction(async (transaction) => {
      const lock = (call: CallRecord) =>
        sequelize.query('SELECT id FROM call_records WHERE id = :id FOR UPDATE', {
          replacements: { id: call.id },
          transaction,
        });
      await lock(first!);
      written = Promise.all([writeTurnRow(agentTurn(second!)), writeTurnRow(agentTurn(first!))]);
      // The turns' statement goes out and waits for the first call's row.
      await untilLockWaits(1, /call_transcript_turns/);
      await lock(second!);
    });
    await written;
    expect(
      refused.mock.calls.filter(([, message]) => String(message).startsWith('transcript batch')),
    ).toEqual([]);
    refused.mockRestore();
    expect(await callsWithTurns([first!, second!])).toEqual([first!.id, second!.id]);
  });
});

describe("turns picked as a deadlock's victim", () => {
  // Another transaction holds the later call and, heavier (it has changed rows), asks for the
  // earlier one, which the turns' statement holds while it waits for the later: the database
  // rolls the statement back, and it goes again whole once the way is clear.
  it('are written again whole, not refused and written one by one', async () => {
    const { calls } = await campaignInCalls(1);
    const [first, second, ...rest] = [...calls].sort((a, b) => a.id - b.id);
    const refused = vi.spyOn(logger, 'warn');
    let written: Promise<unknown> = Promise.resolve();
    await sequelize.transaction(async (transaction) => {
      // Through the primary key: a scan of the small table would lock the first call too.
      await sequelize.query(
        'UPDATE call_records FORCE INDEX (PRIMARY) SET updatedAt = NOW(3) WHERE id IN (:ids)',
        { replacements: { ids: [second!.id, ...rest.map((call) => call.id)] }, transaction },
      );
      written = Promise.all([writeTurnRow(agentTurn(first!)), writeTurnRow(agentTurn(second!))]);
      // The turns' statement holds the first call (its first row) and waits for the second.
      await untilLockWaits(1, /call_transcript_turns/);
      await sequelize.query('SELECT id FROM call_records WHERE id = :id FOR UPDATE', {
        replacements: { id: first!.id },
        transaction,
      });
    });
    await written;
    const warnings = refused.mock.calls.map(([, message]) => String(message));
    refused.mockRestore();
    expect(warnings.filter((message) => message.startsWith('transcript batch'))).toEqual([]);
    expect(await callsWithTurns([first!, second!])).toEqual([first!.id, second!.id]);
  });
});

describe('a change to one call beside batches holding it', () => {
  // Locks queue behind a waiting request for the same row, so three parties can wait in a circle
  // in which the change holds nothing and is the cheapest to roll back, as a batch settling the
  // call and turns being written did with a relay's end and an agent's outcome under the dialer bench.
  it.each([
    [
      "a relay session's end",
      (id: number) => recordRelayEnd(id, { sessionSeconds: 42 }),
      (call: CallRecord) => expect(call.relaySessionSeconds).toBe(42),
    ],
    [
      'an outcome the agent records',
      (id: number) => recordCallOutcome(id, 'interested'),
      (call: CallRecord) => expect(call.outcome).toBe('interested'),
    ],
  ] as const)(
    'stores %s though the database picks it as a deadlock victim',
    async (_what, change, stored) => {
      const { calls } = await campaignInCalls(1);
      const [call, other] = [...calls].sort((a, b) => a.id - b.id);
      // The agent's session holds the call, as it does when either change comes.
      await call!.update({ relaySessionKey: 'k'.repeat(22), relaySessionClaimedAt: new Date() });
      const share = { type: QueryTypes.SELECT } as const;
      const t1 = await sequelize.transaction();
      const t2 = await sequelize.transaction();
      try {
        await sequelize.query('SELECT id FROM call_records WHERE id = :id LOCK IN SHARE MODE', {
          ...share,
          replacements: { id: call!.id },
          transaction: t1,
        });
        await sequelize.query('SELECT id FROM call_records WHERE id = :id FOR UPDATE', {
          ...share,
          replacements: { id: other!.id },
          transaction: t2,
        });
        const changed = change(call!.id);
        await untilLockWaits(1); // the change waits for t1's share of the call
        const t2Waits = sequelize.query('SELECT id FROM call_records WHERE id = :id LOCK IN SHARE MODE', {
          ...share,
          replacements: { id: call!.id },
          transaction: t2,
        });
        await untilLockWaits(2); // t2 queued behind the change
        const t1Waits = sequelize.query('SELECT id FROM call_records WHERE id = :id LOCK IN SHARE MODE', {
          ...share,
          replacements: { id: other!.id },
          transaction: t1,
        });
        await t2Waits;
        await t2.commit();
        await t1Waits;
        await t1.commit();
        await changed;
      } finally {
        await t2.rollback().catch(() => undefined);
        await t1.rollback().catch(() => undefined);
      }
      stored((await CallRecord.findByPk(call!.id))!);
    },
  );
});
