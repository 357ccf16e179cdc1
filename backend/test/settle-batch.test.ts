import { randomBytes } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { CallEventPayload } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { logger } from '../src/logger';
import { CallRecord, Campaign, Prospect, User } from '../src/db/models';
import { encryptSecret } from '../src/lib/secretBox';
import { platformTwilioAccount } from '../src/providers/twilio';
import { applyCallEvents, recordRelayEnd } from '../src/services/calls/events';
import { recordCallOutcome, fetchSettledCallPrices, LIST_PRICES_FOR_MS } from '../src/services/calls/settle';
import { saveLockedCalls } from '../src/services/calls/shared';
import { writeTurnRow } from '../src/services/agent/transcriptWrites';
import { flushChangedCampaigns, campaignsWithDialing, campaignWithDialing } from '../src/services/calls/read';
import { dialableCampaign, numbersEndingIn, statisticsMismatch } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { untilLockWaits } from './helpers/innodb';
import { shuffled } from './helpers/shuffled';

/**
 * A batch of call events settles every call that ended in it together: the campaigns' counters,
 * the month's billable positions and the prospects' states move by sums, a few statements for the
 * whole batch. Whatever the mix of outcomes and campaigns, the order and the repeats, each call
 * counts once and the counters equal the records.
 */
const api = useDialerStack({ beforeClose: flushChangedCampaigns });
const account = platformTwilioAccount();

/** The sandbox's outcome by the number's last digit: 0 busy, 1 no answer, 2 voicemail, 3 failed, 6 a person. */
const DIGITS = [0, 1, 2, 3, 6, 6];

/** A campaign whose prospects are each in a call being dialed (as the dispatcher leaves them). */
async function campaignInCalls(maxAttempts: number) {
  const numbers = numbersEndingIn([...DIGITS, ...DIGITS]);
  const { campaign, prospectListId } = await dialableCampaign(api.baseUrl, {
    numbers,
    state: 'draft',
    directList: true,
    maxAttempts,
    retryDelayMinutes: 60,
  });
  const prospects = await Prospect.findAll({ where: { prospectListId }, order: [['id', 'ASC']] });
  const dialedAt = new Date();
  await sequelize.query(
    `INSERT INTO campaign_prospects (campaignId, prospectId, phoneNumber, state, attempts, lastAttemptAt, updatedAt)
     SELECT :campaignId, id, phoneNumber, 'in_call', 1, :dialedAt, NOW(3) FROM prospects WHERE prospectListId = :prospectListId`,
    { replacements: { campaignId: campaign.id, prospectListId, dialedAt } },
  );
  await Campaign.update(
    { seededProspectListId: prospectListId, prospectsRemaining: prospects.length },
    { where: { id: campaign.id } },
  );
  const calls = await CallRecord.bulkCreate(
    prospects.map((prospect) => ({
      campaignId: campaign.id,
      userId: campaign.userId,
      prospectId: prospect.id,
      attempt: 1,
      toNumber: prospect.phoneNumber,
      fromNumber: '+12125550100',
      accountSid: account.accountSid,
      status: 'dialing' as const,
      dialedAt,
      providerCallSid: `CA${randomBytes(16).toString('hex')}`,
    })),
  );
  return { campaign, calls };
}

/** What Twilio sends for the outcome the number's last digit stands for. */
function eventsOf(call: CallRecord): CallEventPayload[] {
  const base = { callId: call.id, callSid: call.providerCallSid!, accountSid: account.accountSid };
  const status = (sequenceNumber: number, callStatus: string, callDuration?: number) => ({
    ...base,
    kind: 'status' as const,
    sequenceNumber,
    callStatus,
    ...(callDuration !== undefined ? { callDuration } : {}),
  });
  const amd = (answeredBy: string) => ({ ...base, kind: 'amd' as const, sequenceNumber: 0, answeredBy });
  switch (call.toNumber.at(-1)) {
    case '0':
      return [status(0, 'initiated'), status(1, 'ringing'), status(2, 'busy', 0)];
    case '1':
      return [status(0, 'initiated'), status(1, 'ringing'), status(2, 'no-answer', 0)];
    case '2':
      return [
        status(0, 'initiated'),
        status(1, 'in-progress'),
        amd('machine_end_beep'),
        status(2, 'completed', 25),
      ];
    case '3':
      return [status(0, 'initiated'), status(1, 'failed', 0)];
    default:
      return [
        status(0, 'initiated'),
        status(1, 'ringing'),
        status(2, 'in-progress'),
        amd('human'),
        status(3, 'completed', 31),
      ];
  }
}

const prospectRows = (campaignId: number) =>
  sequelize.query<{ phoneNumber: string; state: string; lastResult: string | null; reason: string | null }>(
    'SELECT phoneNumber, state, lastResult, reason FROM campaign_prospects WHERE campaignId = :campaignId',
    { replacements: { campaignId }, type: QueryTypes.SELECT },
  );

const billableCallsOf = async (campaignId: number) =>
  Number(
    (
      await sequelize.query<{ n: number }>(
        'SELECT COALESCE(SUM(billableCalls), 0) AS n FROM campaign_usage WHERE campaignId = :campaignId',
        { replacements: { campaignId }, type: QueryTypes.SELECT },
      )
    )[0]!.n,
  );

/** The records, the counters, the month's usage and the prospects all say each call counted once. */
async function expectSettledOnce(campaignId: number, calls: CallRecord[], maxAttempts: number) {
  const rows = await CallRecord.findAll({ where: { id: calls.map((c) => c.id) } });
  const byDigit = (digits: string) => rows.filter((r) => digits.includes(r.toNumber.at(-1)!));
  expect(rows.every((r) => r.settledAt)).toBe(true);
  expect(byDigit('0').map((r) => r.status)).toEqual(['busy', 'busy']);
  expect(byDigit('1').map((r) => r.status)).toEqual(['no_answer', 'no_answer']);
  expect(byDigit('3').map((r) => r.status)).toEqual(['failed', 'failed']);
  // AMD's answer applied after the call was counted (another batch) is kept only if it changes nothing.
  for (const r of byDigit('2')) expect(r.status).toBe('completed');
  for (const r of byDigit('6')) expect(r).toMatchObject({ status: 'completed', answeredBy: 'human' });
  const machines = byDigit('2').filter((r) => r.answeredBy === 'machine');
  const billable = byDigit('26');
  expect(billable.every((r) => r.billable && r.cost === '0.80')).toBe(true);
  expect(byDigit('013').every((r) => !r.billable && Number(r.cost) === 0)).toBe(true);

  const campaign = (await Campaign.findByPk(campaignId))!;
  expect(campaign).toMatchObject({
    totalCalls: calls.length,
    successfulCalls: billable.length - machines.length,
    personCalls: billable.length - machines.length,
    voicemailCalls: machines.length,
  });
  expect(Number(campaign.totalCost)).toBeCloseTo(0.8 * billable.length, 2);
  expect(await statisticsMismatch(campaignId)).toBeNull();
  // Every billable call took its own position in the month.
  expect(await billableCallsOf(campaignId)).toBe(billable.length);

  const prospects = await prospectRows(campaignId);
  const retried = maxAttempts > 1 ? 4 : 0;
  expect(prospects.filter((p) => p.state === 'scheduled')).toHaveLength(retried);
  for (const p of prospects.filter((p) => p.state === 'scheduled'))
    expect(p).toMatchObject({
      reason: 'retry_wait',
      lastResult: p.phoneNumber.endsWith('0') ? 'busy' : 'no_answer',
    });
  const done = prospects.filter((p) => p.state === 'done');
  expect(done).toHaveLength(calls.length - retried);
  const reasonOf = (digit: string) => done.filter((p) => p.phoneNumber.endsWith(digit)).map((p) => p.reason);
  expect(reasonOf('3')).toEqual(['invalid_number', 'invalid_number']);
  expect([...reasonOf('2'), ...reasonOf('6')].every((r) => r === null)).toBe(true);
  if (!retried) expect([...reasonOf('0'), ...reasonOf('1')]).toEqual(Array(4).fill('attempts_exhausted'));
  expect(campaign.prospectsRemaining).toBe(retried);
}

describe('a batch of call events', () => {
  it('settles the calls of several campaigns with every outcome once, in any order, applied concurrently and twice', async () => {
    const retrying = await campaignInCalls(2);
    const once = await campaignInCalls(1);
    const calls = [...retrying.calls, ...once.calls];
    const events = shuffled(calls.flatMap(eventsOf));
    const halves = [events.filter((_, i) => i % 2 === 0), events.filter((_, i) => i % 2 === 1)];
    const results = await Promise.all([
      applyCallEvents(halves[0]!),
      applyCallEvents(shuffled(halves[1]!)),
      applyCallEvents(shuffled(halves[0]!)),
      applyCallEvents(halves[1]!),
    ]);
    const total = (key: 'applied' | 'unchanged' | 'duplicate') =>
      results.reduce((sum, r) => sum + r.outcomes[key], 0);
    expect(total('applied') + total('unchanged')).toBe(events.length);
    expect(total('duplicate')).toBe(events.length);
    await expectSettledOnce(retrying.campaign.id, retrying.calls, 2);
    await expectSettledOnce(once.campaign.id, once.calls, 1);

    // Delivered again, as after a crash between the commit and the acknowledgement: nothing moves.
    const again = await applyCallEvents(shuffled(events));
    expect(again.outcomes.applied + again.outcomes.unchanged).toBe(0);
    expect(again.endedAnswered).toEqual([]);
    await expectSettledOnce(retrying.campaign.id, retrying.calls, 2);
    await expectSettledOnce(once.campaign.id, once.calls, 1);
  });

  it("prices answered calls in sweeps: from the account's list while they are recent, then each on its own, then lets them be", async () => {
    const { campaign, calls } = await campaignInCalls(1);
    const result = await applyCallEvents(calls.flatMap(eventsOf));
    const answered = result.endedAnswered;
    expect(answered.length).toBeGreaterThan(0);
    // Settled at a moment of their own, so no other call is swept with them.
    const settledAt = new Date('2021-03-04T05:06:07.000Z');
    await sequelize.query(
      'UPDATE call_records SET settledAt = :settledAt WHERE campaignId = :campaignId AND settledAt IS NOT NULL',
      { replacements: { settledAt, campaignId: campaign.id } },
    );
    const sweepAt = (msAfter: number) => fetchSettledCallPrices(new Date(settledAt.getTime() + msAfter));
    const nothing = { priced: 0, unknown: 0 };
    // Too soon for a price; then the account's list is asked, which does not show these calls (they
    // were never placed through the sandbox), so the next sweep asks again.
    expect(await sweepAt(1_000)).toEqual(nothing);
    expect(await sweepAt(3_000)).toEqual(nothing);
    // Long unlisted: each is fetched alone, and the provider does not know it.
    expect(await sweepAt(LIST_PRICES_FOR_MS + 1_000)).toEqual({ priced: 0, unknown: answered.length });
    expect(await sweepAt(LIST_PRICES_FOR_MS + 60_000)).toEqual(nothing);
    const prices = await CallRecord.findAll({ where: { id: answered }, attributes: ['price'] });
    expect(prices.every((c) => c.price === null)).toBe(true);
  });

  it("sweeps every account's calls though one account refuses to answer (its token revoked)", async () => {
    const [platform, revoked] = [await campaignInCalls(1), await campaignInCalls(1)];
    const revokedSid = `AC${'e'.repeat(32)}`;
    await User.update(
      { twilioAccountSid: revokedSid, twilioAuthTokenEncrypted: encryptSecret('revoked-token') },
      { where: { id: revoked.campaign.userId } },
    );
    // The sandbox knows a customer's account by the token saved for it; with a second, different
    // token saved for the same SID it answers neither (401), as Twilio answers a revoked token.
    await User.update(
      { twilioAccountSid: revokedSid, twilioAuthTokenEncrypted: encryptSecret('the-new-token') },
      { where: { id: platform.campaign.userId } },
    );
    const ended = await Promise.all(
      [platform, revoked].map(
        async ({ calls }) => (await applyCallEvents(calls.flatMap(eventsOf))).endedAnswered,
      ),
    );
    expect(ended.every((ids) => ids.length > 0)).toBe(true);
    // Placed through the customer's own account, which has since revoked the token we hold.
    await CallRecord.update({ accountSid: revokedSid }, { where: { campaignId: revoked.campaign.id } });
    const settledAt = new Date('2021-05-06T07:08:09.000Z');
    await sequelize.query(
      'UPDATE call_records SET settledAt = :settledAt WHERE campaignId IN (:campaignIds) AND settledAt IS NOT NULL',
      { replacements: { settledAt, campaignIds: [platform.campaign.id, revoked.campaign.id] } },
    );
    const sweepAt = (msAfter: number) => fetchSettledCallPrices(new Date(settledAt.getTime() + msAfter));
    // The sandbox refuses the revoked account (401): its calls wait for the next sweep, and the
    // platform's calls are still looked up, alone once unlisted.
    expect(await sweepAt(3_000)).toEqual({ priced: 0, unknown: 0 });
    expect(await sweepAt(LIST_PRICES_FOR_MS + 1_000)).toEqual({ priced: 0, unknown: ended[0]!.length });
  });

  it('is seen by a campaign page read either wholly or not at all: its counters and its calls in flight agree', async () => {
    const { campaign, calls } = await campaignInCalls(1);
    const read = await campaignWithDialing(async (transaction) => {
      const found = await Campaign.findByPk(campaign.id, { transaction });
      // The batch settles and commits between the page's first read and the rest of them.
      await applyCallEvents(calls.flatMap(eventsOf));
      return found;
    });
    expect(read!.dialing).toMatchObject({ callsInFlight: calls.length, prospectsRemaining: calls.length });
    expect(read!.campaign.totalCalls).toBe(0);

    const after = (await campaignWithDialing((transaction) =>
      Campaign.findByPk(campaign.id, { transaction }),
    ))!;
    expect(after.dialing.callsInFlight).toBe(0);
    // With one attempt each, every prospect is done.
    expect(after.dialing.prospectsRemaining).toBe(0);
    expect(after.campaign.totalCalls).toBeGreaterThan(0);
  });

  it('is announced with the other campaigns that moved, each with its own figures, read together', async () => {
    const [settled, dialing] = [await campaignInCalls(1), await campaignInCalls(1)];
    await applyCallEvents(settled.calls.flatMap(eventsOf));
    const read = await campaignsWithDialing([settled.campaign.id, dialing.campaign.id, 999_999_999]);
    expect(read.map((r) => r.campaign.id).sort()).toEqual([settled.campaign.id, dialing.campaign.id].sort());
    const figuresOf = (id: number) => read.find((r) => r.campaign.id === id)!;
    const billable = settled.calls.filter((c) => ['2', '4', '5', '6'].includes(c.toNumber.at(-1)!)).length;
    expect(figuresOf(settled.campaign.id).dialing).toMatchObject({
      callsInFlight: 0,
      prospectsRemaining: 0,
      monthBillableCalls: billable,
    });
    expect(figuresOf(dialing.campaign.id).dialing).toMatchObject({
      callsInFlight: dialing.calls.length,
      prospectsRemaining: dialing.calls.length,
      monthBillableCalls: 0,
    });
    for (const { campaign, dialing: figures } of read)
      expect(figures).toEqual(
        (await campaignWithDialing((t) => Campaign.findByPk(campaign.id, { transaction: t })))!.dialing,
      );
  });
});

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
