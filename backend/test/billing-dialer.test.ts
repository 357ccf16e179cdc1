import { describe, expect, it } from 'vitest';
import {
  billingMonthOf,
  BILLING_MESSAGES,
  CAMPAIGN_CHANGE_ERRORS,
  NOT_DIALING_MESSAGES,
  type CampaignDialing,
} from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { CallRecord, Campaign } from '../src/db/models';
import { usageKeyOf } from '../src/services/calls/shared';
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
 * The dialer and billing: the monthly volume is counted in the subscription's billing period (a
 * new period starts a new count), and a campaign whose renewal failed (past_due) stops dialing
 * within 2 s, as a pause does, and resumes when it is paid again.
 */
const api = useDialerStack({ workers: 1 });

const DAY = 86_400_000;

async function useUp(campaignId: number, key: string, billableCalls: number) {
  await sequelize.query('INSERT INTO campaign_usage (campaignId, month, billableCalls) VALUES (?, ?, ?)', {
    replacements: [campaignId, key, billableCalls],
  });
}

describe('the monthly volume follows the billing period', () => {
  it('counts from the period start, says which period, and starts again with the next one', async () => {
    const { client, campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6, 7, 5, 9, 6, 7]),
      maxConcurrentCalls: 3,
      monthlyCallVolume: 100,
    });
    // On a subscription whose period began ten days ago: this calendar month's count is not its count.
    const periodStart = new Date(Date.now() - 10 * DAY);
    const periodEnd = new Date(periodStart.getTime() + 30 * DAY);
    await Campaign.update(
      {
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        stripeSubscriptionId: 'sub_dialer_test',
      },
      { where: { id: campaign.id } },
    );
    await useUp(campaign.id, billingMonthOf(new Date()), 100);
    const periodKey = usageKeyOf({ currentPeriodStart: periodStart }, new Date());
    await useUp(campaign.id, periodKey, 98);

    const used = await waitUntil(
      async () => {
        const dialing = (await client.get(`/api/campaigns/${campaign.id}`)).json.dialing as CampaignDialing;
        return dialing.notDialingReason === 'monthly_volume_used' && dialing.callsInFlight === 0
          ? dialing
          : null;
      },
      'the period volume to be used up',
      60_000,
    );
    expect(used.monthBillableCalls).toBe(100);
    expect(used.periodStart).toBe(periodStart.toISOString());
    expect(used.periodEnd).toBe(periodEnd.toISOString());
    const billable = (await callsOf(campaign.id)).filter((c) => c.billable);
    expect(billable).toHaveLength(2);
    expect(billable.map((c) => c.billingMonth)).toEqual([periodKey, periodKey]);
    // The 99th and 100th billable calls of the period: $0.80 each.
    expect((await Campaign.findByPk(campaign.id))!.totalCost).toBe('1.60');

    // The next period's invoice is paid: a new count, and the rest of the list is called.
    const nextStart = periodEnd;
    await Campaign.update(
      { currentPeriodStart: nextStart, currentPeriodEnd: new Date(nextStart.getTime() + 31 * DAY) },
      { where: { id: campaign.id } },
    );
    await campaignCompleted(campaign.id);
    const nextKey = usageKeyOf({ currentPeriodStart: nextStart }, new Date());
    const inNext = (await callsOf(campaign.id)).filter((c) => c.billable && c.billingMonth === nextKey);
    expect(inNext.length).toBeGreaterThan(0);
    const detail = (await client.get(`/api/campaigns/${campaign.id}`)).json.dialing as CampaignDialing;
    expect(detail.monthBillableCalls).toBe(inNext.length);
    expect(detail.periodStart).toBe(nextStart.toISOString());
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  }, 120_000);

  it('keeps the calendar month for a campaign not on a subscription yet', async () => {
    const { client, campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6]),
      state: 'setup_incomplete',
      directList: true,
    });
    await useUp(campaign.id, billingMonthOf(new Date()), 7);
    const dialing = (await client.get(`/api/campaigns/${campaign.id}`)).json.dialing as CampaignDialing;
    expect(dialing).toMatchObject({ monthBillableCalls: 7, periodStart: null, periodEnd: null });
  });
});

describe('a renewal that fails', () => {
  it('stops dialing within 2 s (calls in progress finish), says why, and resumes once paid', async () => {
    const { client, campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([6, 7, 5, 9, 6, 7, 5, 9]),
      maxConcurrentCalls: 1,
    });
    await waitUntil(
      async () => (await CallRecord.count({ where: { campaignId: campaign.id } })) >= 2,
      'two calls',
    );
    // What the invoice.payment_failed sync writes.
    await Campaign.update(
      { status: 'past_due', statusBeforePastDue: 'active' },
      { where: { id: campaign.id } },
    );
    const failedAt = Date.now();
    const idleAt = await waitUntil(
      async () => {
        const dialing = (await client.get(`/api/campaigns/${campaign.id}`)).json.dialing as CampaignDialing;
        return dialing.notDialingReason === 'past_due' && dialing.callsInFlight === 0 ? Date.now() : null;
      },
      'the past_due campaign to have no call in flight',
      60_000,
    );
    await waitUntil(async () => (await dispatchTicksSince(idleAt)) >= 2, 'two dispatcher runs after it');
    const during = await callsOf(campaign.id);
    expect(during.filter((c) => c.dialedAt && c.dialedAt.getTime() > failedAt + 2_000)).toEqual([]);
    expect(NOT_DIALING_MESSAGES.past_due).toBe(BILLING_MESSAGES.pastDue);
    // Prospects are left, but no next call is announced while the card is not updated.
    const stopped = (await client.get(`/api/campaigns/${campaign.id}`)).json.dialing as CampaignDialing;
    expect(stopped.prospectsRemaining).toBeGreaterThan(0);
    expect(stopped.nextCallAt).toBeNull();

    // The owner cannot start it: the card has to be updated.
    const start = await client.request('PUT', `/api/campaigns/${campaign.id}`, { status: 'active' });
    expect(start.status).toBe(409);
    expect(start.json.error).toBe(CAMPAIGN_CHANGE_ERRORS.pastDue);
    const test = await client.post('/api/test-campaign', { campaignId: campaign.id });
    expect(test.status).toBe(409);
    expect(test.json.error).toBe(BILLING_MESSAGES.pastDue);
    const placedBefore = during.filter((c) => c.dialedAt).length;

    // Paid again (invoice.paid): back to where it was, and the rest of the list is called.
    await Campaign.update({ status: 'active', statusBeforePastDue: null }, { where: { id: campaign.id } });
    await campaignCompleted(campaign.id);
    const placed = (await callsOf(campaign.id)).filter((c) => c.dialedAt);
    expect(placed.length).toBeGreaterThan(placedBefore);
    expect(new Set(placed.map((c) => c.prospectId)).size).toBe(8);
    expect(placed).toHaveLength(8);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  }, 180_000);

  it('a canceled campaign never dials and cannot be started', async () => {
    const { client, campaign } = await dialableCampaign(api.baseUrl, { numbers: numbersEndingIn([6, 7]) });
    await Campaign.update({ status: 'canceled', canceledAt: new Date() }, { where: { id: campaign.id } });
    const since = Date.now();
    await waitUntil(async () => (await dispatchTicksSince(since)) >= 2, 'two dispatcher runs');
    expect(await CallRecord.count({ where: { campaignId: campaign.id } })).toBe(0);
    const dialing = (await client.get(`/api/campaigns/${campaign.id}`)).json.dialing as CampaignDialing;
    expect(dialing.notDialingReason).toBe('canceled');
    expect(dialing.nextCallAt).toBeNull();
    const start = await client.request('PUT', `/api/campaigns/${campaign.id}`, { status: 'active' });
    expect(start.status).toBe(409);
    expect(start.json.error).toBe(CAMPAIGN_CHANGE_ERRORS.canceled);
    // Nor a test call: the campaign is read-only.
    const test = await client.post('/api/test-campaign', { campaignId: campaign.id });
    expect(test.status).toBe(409);
    expect(test.json.error).toBe(BILLING_MESSAGES.alreadyCanceled);
  }, 60_000);
});
