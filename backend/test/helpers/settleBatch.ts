import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { CallEventPayload } from '@ringcast/shared-types';
import { sequelize } from '../../src/db/sequelize';
import { CallRecord, Campaign, Prospect } from '../../src/db/models';
import { platformTwilioAccount } from '../../src/providers/twilio';
import { flushChangedCampaigns } from '../../src/services/calls/read';
import { dialableCampaign, numbersEndingIn, statisticsMismatch } from './dialer';
import { useDialerStack } from './dialerStack';

/**
 * For the settle-batch-*.test.ts files: a batch of call events settles every call that ended in it
 * together. Campaigns whose prospects are all in calls, the events Twilio sends for each outcome,
 * and the check that each call counted once.
 */
export const account = platformTwilioAccount();

/** The sandbox's outcome by the number's last digit: 0 busy, 1 no answer, 2 voicemail, 3 failed, 6 a person. */
const DIGITS = [0, 1, 2, 3, 6, 6];

/**
 * The dialer's api for a test file (the campaigns it changed are announced before it stops), and
 * campaigns on it whose prospects are each in a call being dialed (as the dispatcher leaves them).
 */
export function useSettleBatch() {
  const api = useDialerStack({ beforeClose: flushChangedCampaigns });

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

  return { api, campaignInCalls };
}

/** What Twilio sends for the outcome the number's last digit stands for. */
export function eventsOf(call: CallRecord): CallEventPayload[] {
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
export async function expectSettledOnce(campaignId: number, calls: CallRecord[], maxAttempts: number) {
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
