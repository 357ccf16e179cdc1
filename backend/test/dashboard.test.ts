import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardStats } from '@ringcast/shared-types';
import { TestClient, registeredClient } from './helpers/client';
import { useTestApi } from './helpers/server';
import { CallRecord, Campaign, CampaignStatAdjustment } from '../src/db/models';
import { settledCalls, type EndedCall } from './helpers/analyticsCalls';

const api = useTestApi();

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/**
 * A call as the dialer leaves it, settled through the real path (the aggregates the dashboard
 * reads are written there): answered by a person, successful when it lasted 30 s (no agent, no
 * outcome: the length decides), each billable call at the first tier's $0.80. One still queued.
 */
async function call(campaign: Campaign, ageDays: number, successful: boolean, status = 'completed') {
  const when = daysAgo(ageDays);
  if (status === 'queued') {
    await CallRecord.create({
      campaignId: campaign.id,
      userId: campaign.userId,
      toNumber: '+12125559999',
      createdAt: when,
      updatedAt: when,
    });
    return;
  }
  await settledCalls(campaign, [
    { createdAt: when, status: status as EndedCall['status'], durationSeconds: successful ? 30 : 5 },
  ]);
}

const dashboard = async (client: TestClient, query = '') => {
  const res = await client.get(`/api/dashboard${query}`);
  expect(res.status).toBe(200);
  return res.json as unknown as DashboardStats;
};

describe('GET /api/dashboard', () => {
  let client: TestClient;
  let busy: Campaign;
  let quiet: Campaign;

  beforeAll(async () => {
    const owner = await registeredClient(api.baseUrl);
    client = owner.client;
    busy = await Campaign.create({ userId: owner.user.id, name: 'Busy', type: 'quote', status: 'active' });
    quiet = await Campaign.create({
      userId: owner.user.id,
      name: 'Quiet',
      type: 'other',
      customType: 'Win back',
    });
    // 10 days ago: 2 calls, 1 successful, $1.60; 60 days: 1 successful, $0.80;
    // 200 days: 1 not answered, $0.00; 400 days: 1 successful, $0.80 (outside every period).
    await call(busy, 10, true);
    await call(busy, 10, false);
    await call(busy, 60, true);
    await call(quiet, 200, false, 'no_answer');
    await call(quiet, 400, true);
    // Never dialed: not a call made.
    await call(busy, 1, false, 'queued');
    // Someone else's calls never count.
    const stranger = await registeredClient(api.baseUrl);
    const theirs = await Campaign.create({ userId: stranger.user.id, name: 'Theirs', type: 'quote' });
    await call(theirs, 5, true);
  });

  it.each([
    ['', 30, { totalCalls: 2, receivedCalls: 0, successfulCalls: 1, successRate: 50, totalCost: '1.60' }],
    [
      '?days=30',
      30,
      { totalCalls: 2, receivedCalls: 0, successfulCalls: 1, successRate: 50, totalCost: '1.60' },
    ],
    [
      '?days=90',
      90,
      { totalCalls: 3, receivedCalls: 0, successfulCalls: 2, successRate: 66.7, totalCost: '2.40' },
    ],
    [
      '?days=365',
      365,
      { totalCalls: 4, receivedCalls: 0, successfulCalls: 2, successRate: 50, totalCost: '2.40' },
    ],
  ])('%s counts the calls of the last %i days', async (query, days, totals) => {
    const stats = await dashboard(client, query);
    expect(stats.days).toBe(days);
    expect(stats.totals).toEqual(totals);
    expect(stats.daily).toHaveLength(days);
    expect(stats.daily.reduce((n, d) => n + d.calls, 0)).toBe(totals.totalCalls);
    expect(stats.daily.reduce((n, d) => n + d.successes, 0)).toBe(totals.successfulCalls);
    expect(stats.daily.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('lists every campaign newest first, with zeros when it had no call in the period', async () => {
    const stats = await dashboard(client, '?days=30');
    expect(stats.campaigns).toEqual([
      {
        id: quiet.id,
        name: 'Quiet',
        status: 'draft',
        type: 'other',
        customType: 'Win back',
        createdAt: expect.stringMatching(/Z$/),
        totalCalls: 0,
        receivedCalls: 0,
        successfulCalls: 0,
        successRate: 0,
        totalCost: '0.00',
      },
      expect.objectContaining({
        id: busy.id,
        name: 'Busy',
        status: 'active',
        totalCalls: 2,
        successfulCalls: 1,
        successRate: 50,
        totalCost: '1.60',
      }),
    ]);
    const year = await dashboard(client, '?days=365');
    expect(year.campaigns.map((c) => [c.name, c.totalCalls, c.totalCost])).toEqual([
      ['Quiet', 1, '0.00'],
      ['Busy', 3, '2.40'],
    ]);
    const tenDaysAgo = daysAgo(10).toISOString().slice(0, 10);
    expect(year.daily.find((d) => d.date === tenDaysAgo)).toEqual({
      date: tenDaysAgo,
      calls: 2,
      successes: 1,
    });
  });

  it("adds an admin's adjustment on the day it was made, so all time equals the campaign's card", async () => {
    const owner = await registeredClient(api.baseUrl);
    const campaign = await Campaign.create({ userId: owner.user.id, name: 'Adjusted', type: 'quote' });
    await call(campaign, 2, true);
    await CampaignStatAdjustment.create({
      campaignId: campaign.id,
      actorUserId: null,
      totalCalls: 3,
      successfulCalls: 1,
      totalCost: '2.40',
      effectiveAt: daysAgo(1),
    });
    const stats = await dashboard(owner.client, '?days=30');
    expect(stats.totals).toEqual({
      totalCalls: 4,
      receivedCalls: 0,
      successfulCalls: 2,
      successRate: 50,
      totalCost: '3.20',
    });
    const yesterday = daysAgo(1).toISOString().slice(0, 10);
    expect(stats.daily.find((d) => d.date === yesterday)).toEqual({
      date: yesterday,
      calls: 3,
      successes: 1,
    });
  });

  it('a user without campaigns gets zeros and an empty list', async () => {
    const { client: fresh } = await registeredClient(api.baseUrl);
    const stats = await dashboard(fresh);
    expect(stats.totals).toEqual({
      totalCalls: 0,
      receivedCalls: 0,
      successfulCalls: 0,
      successRate: 0,
      totalCost: '0.00',
    });
    expect(stats.campaigns).toEqual([]);
    expect(stats.daily.every((d) => d.calls === 0)).toBe(true);
  });

  it.each([
    ['?days=7', 'days must be one of 30, 90, 365'],
    ['?days=abc', 'days must be one of 30, 90, 365'],
    ['?days=', 'days must be one of 30, 90, 365'],
    ['?days=30&days=90', 'days must be given once'],
  ])('400 for %s', async (query, message) => {
    const res = await client.get(`/api/dashboard${query}`);
    expect(res.status).toBe(400);
    expect(res.json.fields?.days).toBe(message);
  });

  it('signed out: 401', async () => {
    expect((await new TestClient(api.baseUrl).get('/api/dashboard')).status).toBe(401);
  });
});
