import { describe, expect, it } from 'vitest';
import type { AdminQuality } from '@ringcast/shared-types';
import { CallRecord } from '../src/db/models';
import { sequelize } from '../src/db/sequelize';
import { userWithDraft } from './helpers/campaigns';
import { useTestApi } from './helpers/server';

/** GET /api/admin/quality against known rows of the two all-campaign quality tables and known calls. */
const api = useTestApi({ admin: true });

const DAY_MS = 86_400_000;
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
/** The UTC day `n` days before today. */
const daysAgo = (n: number) => new Date(today - n * DAY_MS).toISOString().slice(0, 10);
/** Noon of that day (a call made then). */
const noonOf = (n: number) => new Date(today - n * DAY_MS + 12 * 3_600_000);

const quality = async (days?: number) => {
  const res = await api.admin.get(`/api/admin/quality${days ? `?days=${days}` : ''}`);
  expect(res.status).toBe(200);
  return res.json as unknown as AdminQuality;
};

/** The tables hold only these rows: the worker's earlier files may have analysed calls of their own. */
async function knownRows() {
  await sequelize.query('DELETE FROM quality_daily_stats');
  await sequelize.query('DELETE FROM response_time_days');
  const days: [number, number, number, number, number, number][] = [
    // days ago, calls, turns, callee interruptions, agent interruptions, silences
    [0, 2, 5, 1, 1, 2],
    [29, 1, 3, 0, 1, 0],
    [30, 4, 7, 2, 0, 1],
    [364, 1, 1, 0, 0, 1],
    [365, 9, 9, 9, 9, 9],
  ];
  await sequelize.query(
    `INSERT INTO quality_daily_stats (day, calls, turns, calleeInterruptions, agentInterruptions, silences)
     VALUES ${days.map(([ago, ...counts]) => `('${daysAgo(ago)}', ${counts.join(', ')})`).join(', ')}`,
  );
  const buckets: [number, number, number][] = [
    // days ago, bucket, turns
    [0, 120, 2],
    [0, 480, 2],
    [0, 1500, 1],
    [29, 300, 3],
    [30, 9000, 7],
    [364, 40, 1],
    [365, 50_000, 9],
  ];
  await sequelize.query(
    `INSERT INTO response_time_days (day, bucketMs, turns)
     VALUES ${buckets.map(([ago, bucket, turns]) => `('${daysAgo(ago)}', ${bucket}, ${turns})`).join(', ')}`,
  );
}

const zeroDay = (date: string) => ({
  date,
  calls: 0,
  turns: 0,
  p50Ms: null,
  p95Ms: null,
  calleeInterruptions: 0,
  agentInterruptions: 0,
  silences: 0,
});

describe('GET /api/admin/quality', () => {
  it('answers the exact figures of the period from the two tables, every day of it', async () => {
    await knownRows();

    const month = await quality();
    expect(month.days).toBe(30);
    expect(month.totals).toEqual({
      calls: 3,
      turns: 8,
      // 120 x2, 300 x3, 480 x2, 1500: the 4th and the 8th of 8.
      p50Ms: 300,
      p95Ms: 1500,
      calleeInterruptions: 1,
      agentInterruptions: 2,
      silences: 2,
    });
    expect(month.daily).toHaveLength(30);
    expect(month.daily[0]).toEqual({
      date: daysAgo(29),
      calls: 1,
      turns: 3,
      p50Ms: 300,
      p95Ms: 300,
      calleeInterruptions: 0,
      agentInterruptions: 1,
      silences: 0,
    });
    expect(month.daily[1]).toEqual(zeroDay(daysAgo(28)));
    expect(month.daily[29]).toEqual({
      date: daysAgo(0),
      calls: 2,
      turns: 5,
      p50Ms: 480,
      p95Ms: 1500,
      calleeInterruptions: 1,
      agentInterruptions: 1,
      silences: 2,
    });

    const quarter = await quality(90);
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.daily[0]!.date).toBe(daysAgo(89));
    expect(quarter.daily[59]).toMatchObject({ date: daysAgo(30), calls: 4, p50Ms: 9000, p95Ms: 9000 });
    // 15 replies: the 8th is 1500, the 15th 9000.
    expect(quarter.totals).toEqual({
      calls: 7,
      turns: 15,
      p50Ms: 1500,
      p95Ms: 9000,
      calleeInterruptions: 3,
      agentInterruptions: 2,
      silences: 3,
    });

    // A year is today and the 364 days before: the 365th day back is outside it.
    const year = await quality(365);
    expect(year.daily).toHaveLength(365);
    expect(year.daily[0]).toMatchObject({ date: daysAgo(364), calls: 1, p50Ms: 40 });
    expect(year.totals).toMatchObject({ calls: 8, turns: 16, p50Ms: 480, p95Ms: 9000, silences: 4 });
  });

  it('lists the slowest calls of the period by their p95, at most ten, with campaign and owner', async () => {
    // Only this test's calls have a p95: earlier files' calls of this database may have one.
    await CallRecord.update({ responseP95Ms: null }, { where: {} });
    const [a, b] = [await userWithDraft(api.baseUrl), await userWithDraft(api.baseUrl)];
    let number = 0;
    const call = (owner: typeof a, daysBack: number, p95: number | null, test = false) => ({
      campaignId: owner.campaign.id,
      userId: owner.user.id,
      toNumber: `+1212556${String(number++).padStart(4, '0')}`,
      status: 'completed' as const,
      test,
      qualityTurns: 3,
      responseP50Ms: p95 === null ? null : Math.round(p95 / 2),
      responseP95Ms: p95,
      createdAt: noonOf(daysBack),
      updatedAt: noonOf(daysBack),
    });
    const inMonth = Array.from({ length: 12 }, (_, i) => call(i % 2 ? b : a, i * 2, 1000 + i * 100));
    const created = await CallRecord.bulkCreate([
      ...inMonth,
      // Slower than all, but before the 30 days (inside 90), a test call, and a call not measured.
      call(a, 31, 20_000),
      call(b, 1, 30_000, true),
      call(a, 0, null),
    ]);
    const ids = created.map((c) => c.id);

    const month = await quality(30);
    expect(month.slowestCalls.map((c) => c.callId)).toEqual(ids.slice(0, 12).reverse().slice(0, 10));
    expect(month.slowestCalls[0]).toEqual({
      callId: ids[11],
      campaignId: b.campaign.id,
      campaignName: b.campaign.name,
      ownerEmail: b.user.email,
      createdAt: noonOf(22).toISOString(),
      turns: 3,
      responseP50Ms: 1050,
      responseP95Ms: 2100,
    });
    expect(month.slowestCalls[1]).toMatchObject({ campaignId: a.campaign.id, ownerEmail: a.user.email });

    const quarter = await quality(90);
    expect(quarter.slowestCalls.map((c) => c.responseP95Ms)).toEqual([
      20_000, 2100, 2000, 1900, 1800, 1700, 1600, 1500, 1400, 1300,
    ]);
  });

  it('is for admins only, and takes only the dashboard periods', async () => {
    const owner = await userWithDraft(api.baseUrl);
    expect((await owner.client.get('/api/admin/quality')).status).toBe(403);
    const res = await api.admin.get('/api/admin/quality?days=7');
    expect(res.status).toBe(400);
    expect(res.text).toContain('days must be one of 30, 90, 365');
  });
});
