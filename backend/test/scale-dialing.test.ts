import { describe, expect, it } from 'vitest';
import { Op } from 'sequelize';
import { CallRecord } from '../src/db/models';
import { callsOf, campaignCompleted, dialableCampaign, numbersEndingIn, waitUntil } from './helpers/dialer';
import { useScaleStack } from './helpers/scaleStack';
import { statisticsMismatch } from './helpers/statistics';

/**
 * The dialer through nginx: two apis take Twilio's callbacks and play the sandbox's calls, two
 * workers dispatch and apply them, on one database and one Redis.
 */
const scale = useScaleStack({
  basePort: 7510,
  env: { TWILIO_CPS: '5', TWILIO_MAX_CONCURRENT_CALLS: '4' },
});

/** Every outcome the sandbox plays but a promised call back (8), which would keep the campaign open. */
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 9];

/** Each prospect called once, each call settled with its own CallSid, the counters equal to the records. */
async function expectEachCalledOnce(campaignId: number, prospects: number) {
  const done = await campaignCompleted(campaignId, 90_000);
  const calls = await callsOf(campaignId);
  expect(calls).toHaveLength(prospects);
  expect(new Set(calls.map((call) => call.prospectId)).size).toBe(prospects);
  expect(new Set(calls.map((call) => call.providerCallSid)).size).toBe(prospects);
  expect(calls.filter((call) => call.settledAt === null)).toEqual([]);
  expect(done.totalCalls).toBe(prospects);
  expect(await statisticsMismatch(campaignId)).toBeNull();
  return calls;
}

describe('a campaign dialing through nginx', () => {
  it('calls every prospect exactly once, with statistics equal to the records', async () => {
    const numbers = numbersEndingIn(DIGITS);
    const { campaign } = await dialableCampaign(scale.stack.url, { numbers, maxConcurrentCalls: 4 });
    const calls = await expectEachCalledOnce(campaign.id, numbers.length);
    expect(calls.map((call) => call.status).sort()).toEqual([
      'busy',
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'failed',
      'no_answer',
    ]);
  }, 120_000);

  it('loses no callback and no record when an api is killed mid-dial', async () => {
    const { stack } = scale;
    const numbers = numbersEndingIn([...DIGITS, ...DIGITS]);
    const { campaign } = await dialableCampaign(stack.url, { numbers, maxConcurrentCalls: 4 });
    // Killed while calls are live: its callbacks in flight, the sandbox steps it was playing.
    await waitUntil(
      () =>
        CallRecord.count({
          where: { campaignId: campaign.id, status: { [Op.in]: ['in_progress', 'ringing'] } },
        }),
      'live calls',
      60_000,
    );
    const [victim] = stack.apis;
    await victim.kill();
    try {
      await expectEachCalledOnce(campaign.id, numbers.length);
    } finally {
      await victim.restart();
    }
  }, 150_000);
});
