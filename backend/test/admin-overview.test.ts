import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  TOTAL_COUNT_HEADER,
  successRate,
  type AdminOverview,
  type AdminPayment,
  type CallStatus,
} from '@ringcast/shared-types';
import { CallRecord, Campaign, Payment, SupportTicket, User } from '../src/db/models';
import { spawnWorker } from './helpers/processes';
import { registeredClient } from './helpers/client';
import { userWithDraft } from './helpers/campaigns';
import { useTestApi } from './helpers/server';

const api = useTestApi({ admin: true });

const tag = () => `t${randomBytes(4).toString('hex')}`;
const overview = async () => {
  const res = await api.admin.get('/api/admin/overview');
  expect(res.status).toBe(200);
  return res.json as unknown as AdminOverview;
};
let paymentCounter = 0;
const payment = (
  userId: number,
  fields: Partial<{ campaignId: number | null; amountCents: number; status: string; createdAt: Date }>,
) =>
  Payment.create({
    userId,
    paymentIntentId: `pi_test_${Date.now()}_${paymentCounter++}`,
    amountCents: 25_000,
    status: 'succeeded',
    ...fields,
  });

describe('GET /api/admin/overview', () => {
  it('computes the totals from the database, and moves with it', async () => {
    const before = await overview();
    expect(before.totalUsers).toBe(await User.count());
    expect(before.totalCalls).toBe(Number((await Campaign.sum('totalCalls')) ?? 0));
    expect(before.openTickets).toBe(
      await SupportTicket.count({ where: { status: ['open', 'in_progress'] } }),
    );
    expect(before.runningCampaigns).toBe(await Campaign.count({ where: { status: 'active' } }));
    expect(before.successRate).toBe(successRate(before.successfulCalls, before.totalCalls));

    const owner = await userWithDraft(api.baseUrl);
    await Campaign.update(
      { status: 'active', totalCalls: 200, successfulCalls: 50 },
      { where: { id: owner.campaign.id } },
    );
    await payment(owner.user.id, { campaignId: owner.campaign.id, amountCents: 34_000 });
    await payment(owner.user.id, { amountCents: 99_900, status: 'requires_payment_method' });
    await SupportTicket.create({
      userId: owner.user.id,
      subject: 'A',
      message: 'Help me with this.',
      status: 'in_progress',
    });
    await SupportTicket.create({
      userId: owner.user.id,
      subject: 'B',
      message: 'Help me with this.',
      status: 'resolved',
    });

    const after = await overview();
    expect(after.totalUsers - before.totalUsers).toBe(1);
    expect(after.totalCalls - before.totalCalls).toBe(200);
    expect(after.successfulCalls - before.successfulCalls).toBe(50);
    // Only succeeded payments are revenue.
    expect(after.totalRevenueCents - before.totalRevenueCents).toBe(34_000);
    expect(after.openTickets - before.openTickets).toBe(1);
    expect(after.runningCampaigns - before.runningCampaigns).toBe(1);
    expect(after.successRate).toBe(successRate(after.successfulCalls, after.totalCalls));
  });

  it('counts the calls in flight per campaign, and the campaigns waiting for a number', async () => {
    const owner = await userWithDraft(api.baseUrl);
    const id = owner.campaign.id;
    const before = await overview();
    expect(before.callsInFlight.byCampaign[String(id)]).toBeUndefined();

    const call = (toNumber: string, status: CallStatus) =>
      CallRecord.create({ campaignId: id, userId: owner.user.id, toNumber, status });
    await call('+12125550106', 'queued');
    await call('+12125550107', 'ringing');
    await call('+12125550108', 'in_progress');
    await call('+12125550109', 'completed');
    await Campaign.update(
      { status: 'active', useProvidedNumber: true, providedNumberAreaCode: '808' },
      { where: { id } },
    );

    const after = await overview();
    expect(after.callsInFlight.byCampaign[String(id)]).toBe(3);
    expect(after.callsInFlight.total).toBe(
      Object.values(after.callsInFlight.byCampaign).reduce((sum, n) => sum + n, 0),
    );
    expect(after.waitingForNumber - before.waitingForNumber).toBe(1);

    await Campaign.update({ providedPhoneNumber: '+19075550100' }, { where: { id } });
    expect((await overview()).waitingForNumber).toBe(before.waitingForNumber);
  });

  it('lists the five most recent campaigns with their owners', async () => {
    const made = [];
    for (let i = 0; i < 6; i++)
      made.push(await userWithDraft(api.baseUrl, { name: `Recent ${i}`, type: 'quote' }));
    const { recentCampaigns } = await overview();
    expect(recentCampaigns.map((c) => c.id)).toEqual(
      made
        .slice(1)
        .map((m) => m.campaign.id)
        .reverse(),
    );
    expect(recentCampaigns[0]!.owner).toMatchObject({
      id: made[5]!.user.id,
      email: made[5]!.credentials.email,
    });
  });

  it('reports the system as it is: database, Redis and the worker processes connected', async () => {
    const workerCheck = async () => (await overview()).system.checks.find((c) => c.name === 'worker')!;
    // No worker runs yet in this test file.
    const { system: withoutWorker } = await overview();
    expect(withoutWorker.checks.find((c) => c.name === 'worker')).toMatchObject({
      ok: false,
      detail: 'No worker is connected',
    });
    expect(withoutWorker.checks.filter((c) => c.name !== 'worker').every((c) => c.ok)).toBe(true);
    expect(withoutWorker.status).toBe('Degraded');

    const worker = await spawnWorker({ SANDBOX_URL: api.baseUrl });
    try {
      const { system } = await overview();
      expect(system.status).toBe('Healthy');
      expect(system.checks.map((c) => [c.name, c.ok])).toEqual([
        ['database', true],
        ['redis', true],
        ['worker', true],
      ]);
      // One process, however many queues it works on.
      expect(system.checks.find((c) => c.name === 'worker')!.detail).toBe('1 worker running');
    } finally {
      worker.child.kill('SIGKILL');
      await worker.stop();
    }
    // A killed worker's connections close with it: it is not counted a moment later.
    await expect
      .poll(workerCheck, { timeout: 10_000, interval: 100 })
      .toMatchObject({ ok: false, detail: 'No worker is connected' });
  });
});

describe('GET /api/admin/payments', () => {
  it("pages newest first with the spec's row fields and the total", async () => {
    const word = tag();
    const owner = await registeredClient(api.baseUrl, { fullName: `Pat ${word}` });
    const campaign = await Campaign.create({ userId: owner.user.id, name: `Summer ${word}`, type: 'quote' });
    const base = Date.now() - 60_000;
    const rows = [];
    for (let i = 0; i < 3; i++) {
      rows.push(
        await payment(owner.user.id, {
          campaignId: i === 2 ? null : campaign.id,
          amountCents: 25_000 + i,
          createdAt: new Date(base + i * 1000),
        }),
      );
    }
    // By the campaign's name: the two payments still tied to it.
    const first = await api.admin.get(`/api/admin/payments?q=${encodeURIComponent(`summer ${word}`)}`);
    expect(first.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
    const listed = first.json as unknown as AdminPayment[];
    expect(listed.map((p) => p.id)).toEqual([rows[1]!.id, rows[0]!.id]);
    expect(listed[0]).toEqual({
      id: rows[1]!.id,
      userId: owner.user.id,
      firstName: 'Pat',
      lastName: word,
      email: owner.credentials.email,
      campaignName: `Summer ${word}`,
      campaignDeleted: false,
      paymentIntentId: rows[1]!.paymentIntentId,
      status: 'succeeded',
      amount: 25_001,
      currency: 'usd',
      created: new Date(base + 1000).toISOString(),
      description: null,
    });

    // By the payer's email: the payment without a campaign too, newest first.
    const byEmail = await api.admin.get(
      `/api/admin/payments?q=${encodeURIComponent(owner.credentials.email)}`,
    );
    expect(byEmail.headers.get(TOTAL_COUNT_HEADER)).toBe('3');
    const all = byEmail.json as unknown as AdminPayment[];
    expect(all.map((p) => p.id)).toEqual([rows[2]!.id, rows[1]!.id, rows[0]!.id]);
    expect(all[0]!.campaignName).toBeNull();
    // By the payer's name.
    expect(
      (await api.admin.get(`/api/admin/payments?q=${encodeURIComponent(`pat ${word}`)}`)).headers.get(
        TOTAL_COUNT_HEADER,
      ),
    ).toBe('3');

    const page2 = await api.admin.get(
      `/api/admin/payments?q=${encodeURIComponent(owner.credentials.email)}&pageSize=2&page=2`,
    );
    expect((page2.json as unknown as AdminPayment[]).map((p) => p.id)).toEqual([rows[0]!.id]);
  });
});
