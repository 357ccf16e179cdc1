import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  campaignCosts,
  TOTAL_COUNT_HEADER,
  type AdminInvoice,
  type AdminOverview,
  type InvoiceStatus,
} from '@ringcast/shared-types';
import { Op } from 'sequelize';
import { Campaign, Invoice } from '../src/db/models';
import { registeredClient, TestClient } from './helpers/client';
import { userWithDraft } from './helpers/campaigns';
import { useTestApi } from './helpers/server';

/** The admin side of billing: the invoices list beside payments, and the Overview's billing tiles. */
const api = useTestApi({ admin: true });

const tag = () => `t${randomBytes(4).toString('hex')}`;
const DAY = 86_400_000;

async function customerWithCampaign(name: string) {
  const owner = await userWithDraft(api.baseUrl, { name, type: 'appointment' });
  await Campaign.update(
    { status: 'active', setupPaymentProcessed: true, monthlyCallVolume: 500, useProvidedNumber: true },
    { where: { id: owner.campaign.id } },
  );
  return owner;
}

let invoiceCounter = 0;
const invoice = (
  userId: number,
  campaignId: number | null,
  fields: Partial<{ status: InvoiceStatus; totalCents: number; number: string; stripeCreatedAt: Date }>,
) =>
  Invoice.create({
    id: `in_admin_${tag()}_${invoiceCounter++}`,
    userId,
    campaignId,
    status: 'paid',
    totalCents: 42_000,
    amountPaidCents: fields.status === 'open' ? 0 : (fields.totalCents ?? 42_000),
    amountDueCents: fields.totalCents ?? 42_000,
    periodStart: new Date('2026-11-06T12:00:00Z'),
    periodEnd: new Date('2026-12-06T12:00:00Z'),
    hostedInvoiceUrl: 'https://invoice.example/i/1',
    invoicePdf: 'https://invoice.example/i/1.pdf',
    billingReason: 'subscription_cycle',
    stripeCreatedAt: new Date(),
    ...fields,
  });

const list = async (query: string) => {
  const res = await api.admin.get(`/api/admin/invoices${query}`);
  expect(res.status, res.text).toBe(200);
  return { rows: res.json as unknown as AdminInvoice[], total: Number(res.headers.get(TOTAL_COUNT_HEADER)) };
};

describe('GET /api/admin/invoices', () => {
  it('is for admins only: 401 signed out, 403 for a customer', async () => {
    expect((await new TestClient(api.baseUrl).get('/api/admin/invoices')).status).toBe(401);
    const { client } = await registeredClient(api.baseUrl);
    expect((await client.get('/api/admin/invoices')).status).toBe(403);
  });

  it('lists invoices newest first with the customer and campaign, searched and filtered', async () => {
    const name = `Renewals ${tag()}`;
    const owner = await customerWithCampaign(name);
    const now = Date.now();
    const older = await invoice(owner.user.id, owner.campaign.id, {
      number: `ADM-${tag()}`,
      stripeCreatedAt: new Date(now - 31 * DAY),
    });
    const newer = await invoice(owner.user.id, owner.campaign.id, {
      status: 'open',
      totalCents: 34_000,
      number: `ADM-${tag()}`,
      stripeCreatedAt: new Date(now - DAY),
    });

    const byEmail = await list(`?q=${encodeURIComponent(owner.credentials.email)}`);
    expect(byEmail.total).toBe(2);
    expect(byEmail.rows.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(byEmail.rows[0]).toEqual({
      id: newer.id,
      number: newer.number,
      campaignId: owner.campaign.id,
      status: 'open',
      total: '340.00',
      amountPaid: '0.00',
      periodStart: '2026-11-06T12:00:00.000Z',
      periodEnd: '2026-12-06T12:00:00.000Z',
      hostedInvoiceUrl: 'https://invoice.example/i/1',
      invoicePdf: 'https://invoice.example/i/1.pdf',
      createdAt: newer.stripeCreatedAt.toISOString(),
      userId: owner.user.id,
      firstName: 'Test',
      lastName: 'User',
      email: owner.credentials.email,
      campaignName: name,
    } satisfies AdminInvoice);

    expect((await list(`?q=${encodeURIComponent(name)}`)).rows.map((row) => row.id)).toEqual([
      newer.id,
      older.id,
    ]);
    expect((await list(`?q=${older.number}`)).rows.map((row) => row.id)).toEqual([older.id]);
    const open = await list(`?q=${encodeURIComponent(owner.credentials.email)}&status=open`);
    expect(open.rows.map((row) => row.id)).toEqual([newer.id]);
    expect(open.total).toBe(1);
    const paged = await list(`?q=${encodeURIComponent(owner.credentials.email)}&pageSize=1&page=2`);
    expect(paged.rows.map((row) => row.id)).toEqual([older.id]);
    expect(paged.total).toBe(2);

    // Every status filter returns only its status, and the whole list is newest first.
    const paid = await list('?status=paid&pageSize=100');
    expect(paid.rows.every((row) => row.status === 'paid')).toBe(true);
    expect(paid.total).toBe(await Invoice.count({ where: { status: 'paid' } }));
    const times = paid.rows.map((row) => row.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('keeps an invoice whose campaign was deleted, without a campaign', async () => {
    const owner = await customerWithCampaign(`Gone ${tag()}`);
    const kept = await invoice(owner.user.id, owner.campaign.id, { number: `ADM-${tag()}` });
    await Campaign.destroy({ where: { id: owner.campaign.id } });
    const { rows } = await list(`?q=${kept.number}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: kept.id, campaignId: null, campaignName: null });
  });

  it('refuses a status that is not an invoice status', async () => {
    const res = await api.admin.get('/api/admin/invoices?status=refunded');
    expect(res.status).toBe(400);
  });
});

/** The billing tiles as the database has them now, computed apart from the service. */
async function expectedBilling(): Promise<AdminOverview['billing']> {
  const subscribed = await Campaign.findAll({
    where: { stripeSubscriptionId: { [Op.ne]: null }, status: ['active', 'paused', 'completed'] },
  });
  const cents = subscribed.reduce(
    (sum, c) => sum + campaignCosts({ ...c.get(), hasProvidedList: null }).monthlyTotalCents,
    0,
  );
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return {
    monthlyRecurringRevenue: (cents / 100).toFixed(2),
    pastDueCampaigns: await Campaign.count({ where: { status: 'past_due' } }),
    cancellationsThisMonth: await Campaign.count({
      where: { canceledAt: { [Op.gte]: monthStart, [Op.lt]: nextMonth } },
    }),
  };
}

/** The overview's tiles, read while nothing else moved them (other files share the database). */
async function billingTiles(): Promise<{
  shown: AdminOverview['billing'];
  expected: AdminOverview['billing'];
}> {
  for (;;) {
    const read = async () => {
      const res = await api.admin.get('/api/admin/overview');
      expect(res.status).toBe(200);
      return (res.json as unknown as AdminOverview).billing;
    };
    const shown = await read();
    const expected = await expectedBilling();
    if (JSON.stringify(shown) === JSON.stringify(await read())) return { shown, expected };
  }
}

describe('the Overview’s billing tiles', () => {
  it('sum the active subscriptions’ monthly amounts, count past due and this month’s cancellations', async () => {
    const before = await billingTiles();
    expect(before.shown).toEqual(before.expected);

    const [paying, paused, pastDue, canceled, lastMonth, unsubscribed] = await Promise.all(
      Array.from({ length: 6 }, (_, i) => customerWithCampaign(`Tiles ${i} ${tag()}`)),
    );
    const sub = (id: number) => `sub_tiles_${id}`;
    await Campaign.update(
      { stripeSubscriptionId: sub(paying.campaign.id) },
      { where: { id: paying.campaign.id } },
    );
    await Campaign.update(
      {
        stripeSubscriptionId: sub(paused.campaign.id),
        status: 'paused',
        monthlyCallVolume: 5000,
        useProvidedNumber: false,
      },
      { where: { id: paused.campaign.id } },
    );
    await Campaign.update(
      { stripeSubscriptionId: sub(pastDue.campaign.id), status: 'past_due', statusBeforePastDue: 'active' },
      { where: { id: pastDue.campaign.id } },
    );
    await Campaign.update(
      { stripeSubscriptionId: sub(canceled.campaign.id), status: 'canceled', canceledAt: new Date() },
      { where: { id: canceled.campaign.id } },
    );
    const now = new Date();
    await Campaign.update(
      {
        stripeSubscriptionId: sub(lastMonth.campaign.id),
        status: 'canceled',
        canceledAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1),
      },
      { where: { id: lastMonth.campaign.id } },
    );
    void unsubscribed; // active, paid before subscriptions: no monthly revenue until it has one

    const after = await billingTiles();
    expect(after.shown).toEqual(after.expected);
    // What these six add at least (other files may add theirs meanwhile): $400 + $20, and $3,400.
    const mrr = (t: typeof before) => Math.round(Number(t.shown.monthlyRecurringRevenue) * 100);
    expect(mrr(after) - mrr(before)).toBeGreaterThanOrEqual(42_000 + 340_000);
    expect(after.shown.pastDueCampaigns).toBeGreaterThanOrEqual(before.shown.pastDueCampaigns + 1);
    expect(after.shown.cancellationsThisMonth).toBeGreaterThanOrEqual(
      before.shown.cancellationsThisMonth + 1,
    );
  });
});
