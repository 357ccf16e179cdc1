import { describe, expect, it } from 'vitest';
import { billingMonthOf, type CampaignDialing } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign } from '../src/db/models';
import { AREA_CODE_WITHOUT_NUMBERS } from '@ringcast/sandbox/testing';
import {
  callsOf,
  campaignCompleted,
  dialableCampaign,
  dispatchTicksSince,
  numbersEndingIn,
  statisticsMismatch,
  waitUntil,
} from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';

/**
 * The dialer's limits, each enforced across two worker processes: calls per second and calls in
 * flight per Twilio account, calls at once per campaign, the month's volume; and pause.
 */
const CPS = 4;
const ACCOUNT_IN_FLIGHT = 3;

const api = useDialerStack({
  workers: 2,
  workerEnv: { TWILIO_CPS: String(CPS), TWILIO_MAX_CONCURRENT_CALLS: String(ACCOUNT_IN_FLIGHT) },
});

/** The most intervals [start, end) that overlap at any instant. */
function maxOverlap(intervals: [number, number][]): number {
  const edges = intervals.flatMap(([start, end]) => [
    [start, 1],
    [end, -1],
  ]);
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  let max = 0;
  for (const [, delta] of edges) max = Math.max(max, (open += delta));
  return max;
}

/** The most calls handed to Twilio within any one second. */
function maxPerSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let max = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i] - sorted[j] >= 1000) j++;
    max = Math.max(max, i - j + 1);
  }
  return max;
}

describe('limits across two workers', () => {
  it('never exceeds the account pacing or a campaign’s calls at once', async () => {
    // Two campaigns on our one platform account; people who listen (digits 6, 7 and 9) keep lines busy
    // (8 would ask for a call back, which keeps its campaign open).
    const [a, b] = await Promise.all([
      dialableCampaign(api.baseUrl, {
        numbers: numbersEndingIn([6, 7, 9, 9, 6, 7, 9, 9, 6]),
        maxConcurrentCalls: 2,
      }),
      dialableCampaign(api.baseUrl, {
        numbers: numbersEndingIn([9, 9, 7, 6, 9, 9, 7, 6, 9]),
        maxConcurrentCalls: 5,
      }),
    ]);
    await Promise.all([campaignCompleted(a.campaign.id), campaignCompleted(b.campaign.id)]);
    const calls = [...(await callsOf(a.campaign.id)), ...(await callsOf(b.campaign.id))];
    expect(calls).toHaveLength(18);
    const wall = (call: CallRecord): [number, number] => [
      call.dialedAt!.getTime(),
      call.settledAt!.getTime(),
    ];
    expect(maxPerSecond(calls.map((c) => c.dialedAt!.getTime()))).toBeLessThanOrEqual(CPS);
    expect(maxOverlap(calls.map(wall))).toBeLessThanOrEqual(ACCOUNT_IN_FLIGHT);
    // A campaign's own limit counts calls from the moment they are queued.
    const queuedToSettled = (call: CallRecord): [number, number] => [
      call.createdAt.getTime(),
      call.settledAt!.getTime(),
    ];
    expect(maxOverlap((await callsOf(a.campaign.id)).map(queuedToSettled))).toBeLessThanOrEqual(2);
    expect(await statisticsMismatch(a.campaign.id)).toBeNull();
    expect(await statisticsMismatch(b.campaign.id)).toBeNull();
  }, 180_000);

  it('pauses within 2 s (calls in progress finish) and resumes with the prospects not yet called', async () => {
    const { client, campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6, 7, 5, 9, 6, 7, 5, 9]),
      maxConcurrentCalls: 1,
    });
    await waitUntil(
      async () => (await CallRecord.count({ where: { campaignId: campaign.id } })) >= 2,
      'two calls',
    );
    const paused = await client.request('PUT', `/api/campaigns/${campaign.id}`, { status: 'paused' });
    expect(paused.status).toBe(200);
    const pausedAt = Date.now();
    // Nothing more can be dialed once the campaign has no call in flight (calls in progress
    // finished, queued ones withdrawn) and the dispatcher has run twice since.
    const idleAt = await waitUntil(
      async () => {
        const dialing = (await client.get(`/api/campaigns/${campaign.id}`)).json.dialing as CampaignDialing;
        return dialing.notDialingReason === 'paused' && dialing.callsInFlight === 0 ? Date.now() : null;
      },
      'the paused campaign to have no call in flight',
      60_000,
    );
    await waitUntil(
      async () => (await dispatchTicksSince(idleAt)) >= 2,
      'two dispatcher runs after the pause',
    );
    const during = await callsOf(campaign.id);
    expect(during.filter((c) => c.dialedAt && c.dialedAt.getTime() > pausedAt + 2_000)).toEqual([]);
    const detail = await client.get(`/api/campaigns/${campaign.id}`);
    expect((detail.json.dialing as CampaignDialing).notDialingReason).toBe('paused');

    expect((await client.request('PUT', `/api/campaigns/${campaign.id}`, { status: 'active' })).status).toBe(
      200,
    );
    await campaignCompleted(campaign.id);
    const calls = await callsOf(campaign.id);
    const placed = calls.filter((c) => c.dialedAt);
    // Every prospect exactly one placed call; a call withdrawn by the pause was never dialed.
    expect(placed.map((c) => c.prospectId).sort()).toEqual(
      [...new Set(placed.map((c) => c.prospectId))].sort(),
    );
    expect(new Set(placed.map((c) => c.prospectId)).size).toBe(8);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  }, 180_000);

  it('stops at the month’s volume and says so', async () => {
    const { client, campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6, 7, 5, 9, 6, 7]),
      maxConcurrentCalls: 3,
      monthlyCallVolume: 100,
    });
    // 98 of this month's 100 billable calls are already used.
    await sequelize.query('INSERT INTO campaign_usage (campaignId, month, billableCalls) VALUES (?, ?, 98)', {
      replacements: [campaign.id, billingMonthOf(new Date())],
    });
    const detail = await waitUntil(
      async () => {
        const res = await client.get(`/api/campaigns/${campaign.id}`);
        const dialing = res.json.dialing as CampaignDialing;
        return dialing.notDialingReason === 'monthly_volume_used' && dialing.callsInFlight === 0
          ? dialing
          : null;
      },
      'the volume to be used up',
      60_000,
    );
    expect(detail.monthBillableCalls).toBe(100);
    const calls = await callsOf(campaign.id);
    expect(calls.filter((c) => c.billable)).toHaveLength(2);
    // The 99th and 100th billable calls of the month: $0.80 each.
    expect((await Campaign.findByPk(campaign.id))!.totalCost).toBe('1.60');
    expect(detail.prospectsRemaining).toBe(4);
  }, 120_000);

  it('waits for a phone number when none is available in the area code', async () => {
    const { client, campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6]),
      areaCode: AREA_CODE_WITHOUT_NUMBERS,
    });
    const dialing = await waitUntil(async () => {
      const res = await client.get(`/api/campaigns/${campaign.id}`);
      const state = res.json.dialing as CampaignDialing;
      return state.notDialingReason === 'waiting_for_number' ? state : null;
    }, 'waiting for a number');
    expect(dialing.callsInFlight).toBe(0);
    const waitingAt = Date.now();
    await waitUntil(
      async () => (await dispatchTicksSince(waitingAt)) >= 2,
      'two dispatcher runs while waiting',
    );
    expect(await CallRecord.count({ where: { campaignId: campaign.id } })).toBe(0);
  }, 60_000);
});
