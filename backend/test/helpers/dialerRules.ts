import { expect, vi } from 'vitest';
import { isE164Phone } from '@ringcast/shared-types';
import { sequelize } from '../../src/db/sequelize';
import { CallRecord, Campaign, CampaignProspect } from '../../src/db/models';
import { dispatchCalls, seedCampaignProspects } from '../../src/services/calls/dispatch';
import { provisionPhoneNumber, verifyTwilioSetup } from '../../src/services/calls/place';
import { settleCall } from '../../src/services/calls/settle';
import { callsOf, dialableCampaign, type DialableOptions } from './dialer';
import { useDialerStack } from './dialerStack';

/**
 * For the dialer-rules-*.test.ts files: the calling rules in the dispatcher, driven through time by
 * its injected clock. No worker runs, so calls stay queued (or are finished here) and each dispatch
 * sees exactly the instant given.
 */
export const at = (text: string) => new Date(text);
export const MINUTE = 60_000;

/**
 * The dialer's api for a test file, and campaigns ready to dial on it; they are completed after the
 * file's tests so that a later file's workers have nothing of them to dial.
 */
export function useDialerRules() {
  const campaignIds: number[] = [];
  const api = useDialerStack({
    beforeClose: async () =>
      campaignIds.length && Campaign.update({ status: 'completed' }, { where: { id: campaignIds } }),
  });

  /** A campaign ready to dial, set up here as the worker would: list seeded, number bought, account checked. */
  async function readyCampaign(numbers: string[], options: Partial<DialableOptions> = {}) {
    for (const number of numbers) expect(isE164Phone(number)).toBe(true);
    const made = await dialableCampaign(api.baseUrl, {
      numbers,
      directList: true,
      maxConcurrentCalls: 10,
      ...options,
    });
    const id = made.campaign.id;
    campaignIds.push(id);
    expect(await seedCampaignProspects(id)).toBe('seeded');
    await provisionPhoneNumber(id);
    await verifyTwilioSetup(id);
    return made;
  }

  return { readyCampaign };
}

/**
 * One dispatcher run at `now`, as the tick makes it. A run refused for another's lock is tried
 * again: a worker an earlier file of this test worker killed mid-tick (same Redis prefix) leaves
 * the lock held until it expires.
 */
export async function dispatchRun(now: Date) {
  await vi.waitFor(
    async () => {
      if (!(await dispatchCalls(now))) throw new Error('another dispatcher run holds the lock');
    },
    { timeout: 20_000, interval: 200 },
  );
}

export const queuedNumbers = async (campaignId: number) =>
  (await CallRecord.findAll({ where: { campaignId, status: 'queued' } })).map((call) => call.toNumber).sort();

export const prospectOf = async (campaignId: number, phoneNumber: string) =>
  (await CampaignProspect.findOne({ where: { campaignId, phoneNumber } }))!;

/** The call ends as a busy or unanswered call placed at `when`, as the status callback would settle it. */
export async function finishCall(callId: number, status: 'busy' | 'no_answer', when: Date) {
  await sequelize.transaction(async (transaction) => {
    const call = (await CallRecord.findByPk(callId, { transaction, lock: true }))!;
    call.status = status;
    call.dialedAt = when;
    call.endedAt = when;
    await settleCall(call, transaction);
  });
}

/** Dispatches every `stepMinutes` from `from` to `to`, ending each call it queues as `status`. */
export async function runDialer(
  campaignId: number,
  from: Date,
  to: Date,
  stepMinutes: number,
  status: 'busy' | 'no_answer',
) {
  for (let now = from.getTime(); now <= to.getTime(); now += stepMinutes * MINUTE) {
    await dispatchRun(new Date(now));
    for (const call of await CallRecord.findAll({ where: { campaignId, status: 'queued' } })) {
      await finishCall(call.id, status, new Date(now));
    }
  }
  return (await callsOf(campaignId)).map((call) => call.queuedAt!.getTime());
}
