import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { CampaignAnalytics, DashboardStats } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { Campaign } from '../src/db/models';
import { addToStats, mergedSteps, statDay } from '../src/services/analytics/statRows';
import { backfillSettledCalls } from '../src/db/migrations/0031-analytics';
import { dialedCalls, settledCalls, type EndedCall } from './helpers/analyticsCalls';
import { analyticsFromRecords } from './helpers/analyticsExpected';
import { registeredClient } from './helpers/client';
import { statisticsMismatch } from './helpers/statistics';
import { useTestApi } from './helpers/server';

/**
 * The aggregates themselves: the one statement that adds to them, settlement batches of one
 * campaign racing, the dashboard's periods against the Analytics totals, and the migration's
 * count of calls settled before the aggregates existed.
 */
const api = useTestApi();
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const zoneOf = (timeZone: string) => timeZone;

async function ownerWithCampaign() {
  const owner = await registeredClient(api.baseUrl);
  const campaign = await Campaign.create({
    userId: owner.user.id,
    name: 'Renewals',
    type: 'quote',
    status: 'active',
  });
  return { owner, campaign };
}

const dailyRows = (campaignId: number) =>
  sequelize.query<Record<string, unknown>>(
    'SELECT * FROM campaign_daily_stats WHERE campaignId = :campaignId ORDER BY day',
    { replacements: { campaignId }, type: QueryTypes.SELECT },
  );

describe('addToStats', () => {
  it('merges steps on one row, sorts rows by key, leaves out rows that add nothing', () => {
    const rows = mergedSteps('campaign_talk_times', [
      { key: { campaignId: 9, day: '2026-11-02', seconds: 30 }, add: { calls: 1 } },
      { key: { campaignId: 2, day: '2026-11-03', seconds: 5 }, add: { calls: 1 } },
      { key: { campaignId: 9, day: '2026-11-02', seconds: 30 }, add: { calls: 2 } },
      { key: { campaignId: 2, day: '2026-11-01', seconds: 40 }, add: { calls: 1 } },
      { key: { campaignId: 2, day: '2026-11-01', seconds: 40 }, add: { calls: -1 } },
      { key: { campaignId: 2, day: '2026-11-03', seconds: 4 }, add: { calls: -2 } },
    ]);
    expect(rows).toEqual([
      { key: [2, '2026-11-03', 4], add: [-2] },
      { key: [2, '2026-11-03', 5], add: [1] },
      { key: [9, '2026-11-02', 30], add: [3] },
    ]);
  });

  it('adds to rows created at zero, and a negative step takes back what was added', async () => {
    const { campaign } = await ownerWithCampaign();
    const day = '2026-11-02';
    await sequelize.transaction(async (transaction) => {
      await addToStats(
        'campaign_daily_stats',
        [
          { key: { campaignId: campaign.id, day }, add: { calls: 1, successful: 1, costCents: 80 } },
          { key: { campaignId: campaign.id, day }, add: { calls: 1, costCents: 60 } },
        ],
        transaction,
      );
      await addToStats(
        'campaign_daily_stats',
        [{ key: { campaignId: campaign.id, day }, add: { successful: -1, outcomeDoNotCall: 1 } }],
        transaction,
      );
      // Steps that cancel write nothing: no row for that day.
      await addToStats(
        'campaign_daily_stats',
        [
          { key: { campaignId: campaign.id, day: '2026-11-03' }, add: { calls: 1 } },
          { key: { campaignId: campaign.id, day: '2026-11-03' }, add: { calls: -1 } },
        ],
        transaction,
      );
    });
    const rows = await dailyRows(campaign.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ calls: 2, successful: 0, outcomeDoNotCall: 1, placed: 0 });
    expect(Number(rows[0]!.costCents)).toBe(140);
  });
});

const mixed = (base: Date, n: number): EndedCall[] =>
  Array.from({ length: n }, (_, i) => ({
    createdAt: new Date(base.getTime() + i * 60_000),
    status: (['completed', 'no_answer', 'busy', 'completed'] as const)[i % 4]!,
    durationSeconds: i % 4 === 0 ? 25 + i : i % 4 === 3 ? 8 : 0,
  }));

describe('response times', () => {
  it('p50 and p95 per day and over the range are the nearest ranks of every reply measured', async () => {
    const { owner, campaign } = await ownerWithCampaign();
    // As the analysis writes them: each reply's 10 ms bucket, and the day's counts.
    const replies: Record<string, number[]> = {
      '2026-11-02': [420, 430, 430, 980, 1200, 3010],
      '2026-11-03': [250, 260, 270, 280, 290, 300, 310, 5000],
    };
    await sequelize.transaction(async (transaction) => {
      for (const [day, ms] of Object.entries(replies)) {
        await addToStats(
          'campaign_response_times',
          ms.map((m) => ({ key: { campaignId: campaign.id, day, bucketMs: m }, add: { turns: 1 } })),
          transaction,
        );
        await addToStats(
          'campaign_daily_stats',
          [{ key: { campaignId: campaign.id, day }, add: { qualityCalls: 1, responseTurns: ms.length } }],
          transaction,
        );
      }
    });
    const nearestRank = (values: number[], p: number) =>
      [...values].sort((a, b) => a - b)[Math.max(1, Math.ceil((p / 100) * values.length)) - 1];
    const figures = (
      await owner.client.get(`/api/campaigns/${campaign.id}/analytics?from=2026-11-01&to=2026-11-03`)
    ).json as unknown as CampaignAnalytics;
    for (const [day, ms] of Object.entries(replies))
      expect(figures.days.find((d) => d.date === day)).toMatchObject({
        turns: ms.length,
        p50Ms: nearestRank(ms, 50),
        p95Ms: nearestRank(ms, 95),
      });
    const all = Object.values(replies).flat();
    expect(figures.quality).toMatchObject({
      calls: 2,
      turns: 14,
      p50Ms: nearestRank(all, 50),
      p95Ms: nearestRank(all, 95),
    });
    expect([figures.quality.p50Ms, figures.quality.p95Ms]).toEqual([310, 5000]);
    expect(figures.days[0]).toMatchObject({ turns: 0, p50Ms: null, p95Ms: null });
  });
});

describe('settling', () => {
  it('batches of one campaign settling at once lose and double no count (a deadlock victim runs again whole)', async () => {
    const { owner, campaign } = await ownerWithCampaign();
    const day = daysAgo(2);
    // Dialed first (the dispatcher's inserts are not what races here), then settled side by side.
    const race = async (batches: EndedCall[][]) => {
      const settlements = [];
      for (const batch of batches) settlements.push(await dialedCalls(campaign, batch));
      await Promise.all(settlements.map((settle) => settle()));
    };
    await race([mixed(day, 40), mixed(day, 40)]);
    await race([mixed(daysAgo(3), 12), mixed(day, 12), mixed(daysAgo(3), 12)]);
    const from = statDay(daysAgo(29));
    const to = statDay(new Date());
    const res = await owner.client.get(`/api/campaigns/${campaign.id}/analytics`);
    expect(res.status).toBe(200);
    const figures = res.json as unknown as CampaignAnalytics;
    expect(figures).toEqual(await analyticsFromRecords(campaign.id, from, to, zoneOf));
    expect(figures.totals.calls).toBe(116);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });
});

describe('the dashboard and the Analytics tab', () => {
  it('count the same for the same days; a call 40 days old is in 90 days, not 30', async () => {
    const { owner, campaign } = await ownerWithCampaign();
    await settledCalls(campaign, [
      ...mixed(daysAgo(3), 4),
      ...mixed(daysAgo(40), 4),
      ...mixed(daysAgo(200), 4),
      ...mixed(daysAgo(0), 1),
    ]);
    const periods: Record<number, number> = {};
    for (const days of [30, 90, 365] as const) {
      const dashboard = (await owner.client.get(`/api/dashboard?days=${days}`))
        .json as unknown as DashboardStats;
      const from = statDay(daysAgo(days - 1));
      const figures = (await owner.client.get(`/api/campaigns/${campaign.id}/analytics?from=${from}`))
        .json as unknown as CampaignAnalytics;
      expect(figures.from).toBe(from);
      expect(figures.to).toBe(statDay(new Date()));
      expect(dashboard.totals).toMatchObject({
        totalCalls: figures.totals.calls,
        receivedCalls: figures.totals.received,
        successfulCalls: figures.totals.successful,
        totalCost: figures.totals.cost,
      });
      expect(dashboard.daily.map((d) => [d.date, d.calls, d.successes])).toEqual(
        figures.days.map((d) => [d.date, d.calls, d.successful]),
      );
      periods[days] = dashboard.totals.totalCalls;
    }
    expect(periods).toEqual({ 30: 5, 90: 9, 365: 13 });
    // Over all time (every call is within the year): the campaign's card.
    const card = (await Campaign.findByPk(campaign.id))!;
    const year = (await owner.client.get('/api/dashboard?days=365')).json as unknown as DashboardStats;
    expect(year.campaigns[0]).toMatchObject({
      totalCalls: card.totalCalls,
      receivedCalls: card.receivedCalls,
      successfulCalls: card.successfulCalls,
      totalCost: card.totalCost,
    });
  });
});

describe('migration 0031', () => {
  it('counts calls settled before the aggregates existed as settlement counts them', async () => {
    const { campaign } = await ownerWithCampaign();
    const [zoned] = await sequelize.query<{ id: number }>(
      `INSERT INTO prospect_lists (userId, name, storedFileName, uploadedAt, updatedAt)
       VALUES (:userId, 'Backfill', 'b.csv', NOW(3), NOW(3)) RETURNING id`,
      { replacements: { userId: campaign.userId }, type: QueryTypes.SELECT },
    );
    const prospectIds: number[] = [];
    for (const [i, timeZone] of ['America/Denver', 'Asia/Kolkata', null].entries()) {
      const [row] = await sequelize.query<{ id: number }>(
        `INSERT INTO prospects (prospectListId, phoneNumber, timeZone, createdAt)
         VALUES (:list, :phone, :timeZone, NOW(3)) RETURNING id`,
        { replacements: { list: zoned!.id, phone: `+1303555010${i}`, timeZone }, type: QueryTypes.SELECT },
      );
      prospectIds.push(row!.id);
    }
    await settledCalls(campaign, [
      ...mixed(daysAgo(5), 8).map((c, i) => ({ ...c, prospectId: prospectIds[i % 3]! })),
      { createdAt: daysAgo(6), status: 'completed', durationSeconds: 44, direction: 'inbound' },
      { createdAt: daysAgo(7), status: 'completed', answeredBy: 'machine', durationSeconds: 20 },
    ]);
    const tables = ['campaign_daily_stats', 'campaign_hourly_stats', 'campaign_talk_times'];
    const snapshot = () =>
      Promise.all(
        tables.map((table) =>
          sequelize.query(`SELECT * FROM ${table} WHERE campaignId = :id ORDER BY 1, 2, 3, 4`, {
            replacements: { id: campaign.id },
            type: QueryTypes.SELECT,
          }),
        ),
      );
    const settled = await snapshot();
    expect(settled[1]!.length).toBeGreaterThan(2);
    for (const table of tables) await sequelize.query(`DELETE FROM ${table}`);
    await backfillSettledCalls(sequelize.getQueryInterface());
    expect(await snapshot()).toEqual(settled);
  });
});
