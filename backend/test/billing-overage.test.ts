import { describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import { CallRecord, Campaign, User } from '../src/db/models';
import { sequelize } from '../src/db/sequelize';
import { redisKey, sharedRedis } from '../src/redis';
import { applyCallEvents } from '../src/services/calls/events';
import { usageKeyOf } from '../src/services/calls/shared';
import {
  OVERAGE_EVENT_NAME,
  overageMeter,
  overageTiers,
  sendMeterEvents,
  syncOverageItem,
} from '../src/services/billing/overage';
import { backfillSubscriptions } from '../src/services/billing/backfill';
import { stripe } from '../src/providers/stripe';
import { callCostCents } from '@ringcast/shared-types';
import { ensureStripeCustomer } from '../src/services/payments/stripeCustomer';
import { eventsOf, useSettleBatch } from './helpers/settleBatch';

/**
 * Overage: calls past the package of a campaign with overage on become outbox rows in the
 * transaction that settles them, and the meter job reports each to Stripe exactly once, across a
 * retried job and a worker killed between Stripe's answer and the outbox's stamp.
 */
const { campaignInCalls } = useSettleBatch();

const DAY = 86_400_000;

interface OutboxRow {
  id: number;
  callRecordId: number;
  stripeCustomerId: string;
  quantity: number;
  sentAt: Date | null;
  attempts: number;
  lastError: string | null;
}

const outboxOf = (campaignId: number) =>
  sequelize.query<OutboxRow>(
    'SELECT id, callRecordId, stripeCustomerId, quantity, sentAt, attempts, lastError FROM usage_outbox WHERE campaignId = ? ORDER BY id',
    { replacements: [campaignId], type: QueryTypes.SELECT },
  );

/** The identifiers the Stripe sandbox's meter has recorded for a customer (its own store). */
async function meteredIdentifiers(customer: string): Promise<string[]> {
  const meter = await overageMeter();
  const entries = await sharedRedis().zrange(redisKey('stripe-sandbox', 'usage', meter.id, customer), 0, -1);
  return entries.map((entry) => entry.slice(0, entry.lastIndexOf(':'))).sort();
}

/** A campaign of 12 calls in flight (6 will be billable), on a subscription, 97 of its 100 calls used. */
async function overageCampaign(overage: boolean, periodStartInDays = -5) {
  const { campaign, calls } = await campaignInCalls(1);
  const periodStart = new Date(Date.now() + periodStartInDays * DAY);
  await Campaign.update(
    {
      status: 'active',
      setupPaymentProcessed: true,
      monthlyCallVolume: 100,
      overage,
      stripeSubscriptionId: `sub_overage_${campaign.id}`,
      currentPeriodStart: periodStart,
      currentPeriodEnd: new Date(periodStart.getTime() + 30 * DAY),
    },
    { where: { id: campaign.id } },
  );
  await sequelize.query('INSERT INTO campaign_usage (campaignId, month, billableCalls) VALUES (?, ?, 97)', {
    replacements: [campaign.id, usageKeyOf({ currentPeriodStart: periodStart }, new Date())],
  });
  const customer = await ensureStripeCustomer(campaign.userId);
  return { campaign, calls, customer };
}

describe('overage usage', () => {
  it('writes one outbox row per call past the package as it settles, and none without overage', async () => {
    const { campaign, calls, customer } = await overageCampaign(true);
    await applyCallEvents(calls.flatMap(eventsOf));
    const billable = await CallRecord.findAll({
      where: { campaignId: campaign.id, billable: true },
      order: [['id', 'ASC']],
    });
    expect(billable).toHaveLength(6);
    const rows = await outboxOf(campaign.id);
    // Positions 98-103 of the period: 101, 102 and 103 are past the package of 100.
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.stripeCustomerId === customer && row.quantity === 1 && !row.sentAt)).toBe(
      true,
    );
    expect(new Set(rows.map((row) => row.callRecordId)).size).toBe(3);
    expect(rows.every((row) => billable.some((call) => call.id === row.callRecordId))).toBe(true);

    const off = await overageCampaign(false);
    await applyCallEvents(off.calls.flatMap(eventsOf));
    expect(await outboxOf(off.campaign.id)).toEqual([]);
  });

  it('dates a metered call no earlier than the period that counted it (a test clock runs ahead)', async () => {
    // The sandbox's test clock has renewed the subscription 20 days ahead of the wall clock.
    const { campaign, calls } = await overageCampaign(true, 20);
    await applyCallEvents(calls.flatMap(eventsOf));
    const { currentPeriodStart } = await Campaign.findByPk(campaign.id, { rejectOnEmpty: true });
    const times = await sequelize.query<{ occurredAt: Date }>(
      'SELECT occurredAt FROM usage_outbox WHERE campaignId = ?',
      { replacements: [campaign.id], type: QueryTypes.SELECT },
    );
    expect(times).toHaveLength(3);
    // Meter events carry whole seconds.
    const seconds = (time: Date) => Math.floor(new Date(time).getTime() / 1000);
    for (const { occurredAt } of times) expect(seconds(occurredAt)).toBe(seconds(currentPeriodStart!));
    // Its customer's clock is not really ahead: the rows are not for the other tests' meter runs.
    await sequelize.query('DELETE FROM usage_outbox WHERE campaignId = ?', { replacements: [campaign.id] });
  });

  it('reaches Stripe’s meter once per call across a retried job and a run killed before its stamp', async () => {
    const { campaign, calls, customer } = await overageCampaign(true);
    await applyCallEvents(calls.flatMap(eventsOf));
    const rows = await outboxOf(campaign.id);
    expect(rows).toHaveLength(3);
    const identifiers = rows.map((row) => `call-${row.callRecordId}`).sort();

    // Two runs at once (a retried job beside the first): each row reaches the meter once.
    await Promise.all([sendMeterEvents(), sendMeterEvents()]);
    let after = await outboxOf(campaign.id);
    expect(after.every((row) => row.sentAt)).toBe(true);
    expect(await meteredIdentifiers(customer)).toEqual(identifiers);

    // A worker killed after Stripe answered and before the stamp: the row is sent again, Stripe
    // refuses its identifier as a duplicate, and it is stamped; the meter still has it once.
    await sequelize.query('UPDATE usage_outbox SET sentAt = NULL WHERE id = ?', {
      replacements: [rows[0]!.id],
    });
    await sendMeterEvents();
    after = await outboxOf(campaign.id);
    expect(after.every((row) => row.sentAt && row.attempts === 0)).toBe(true);
    expect(await meteredIdentifiers(customer)).toEqual(identifiers);

    // A run with nothing to send sends nothing.
    const idle = await sendMeterEvents();
    expect(idle.sent).toBe(0);
    expect(await meteredIdentifiers(customer)).toEqual(identifiers);
    const meter = await overageMeter();
    expect(meter.event_name).toBe(OVERAGE_EVENT_NAME);
  });

  it('keeps a row Stripe refused, with why, for the next run', async () => {
    const { campaign, calls } = await overageCampaign(true);
    await applyCallEvents(calls.flatMap(eventsOf));
    const [first] = await outboxOf(campaign.id);
    await sequelize.query("UPDATE usage_outbox SET stripeCustomerId = 'cus_missing' WHERE id = ?", {
      replacements: [first!.id],
    });
    await sendMeterEvents();
    const rows = await outboxOf(campaign.id);
    const refused = rows.find((row) => row.id === first!.id)!;
    expect(refused).toMatchObject({ sentAt: null, attempts: 1 });
    expect(refused.lastError).toBeTruthy();
    expect(rows.filter((row) => row.id !== first!.id).every((row) => row.sentAt)).toBe(true);
    const { stripeCustomerId } = await User.findByPk(campaign.userId, { rejectOnEmpty: true });
    expect(stripeCustomerId).toBeTruthy();
  });
});

describe('the subscription bills overage', () => {
  it('continues the pricing function’s marginal rates past the package', () => {
    expect(overageTiers(500)).toEqual([
      { up_to: 1500, unit_amount: 80 },
      { up_to: 4500, unit_amount: 60 },
      { up_to: 'inf', unit_amount: 50 },
    ]);
    expect(overageTiers(2000)).toEqual([
      { up_to: 3000, unit_amount: 60 },
      { up_to: 'inf', unit_amount: 50 },
    ]);
    expect(overageTiers(5000)).toEqual([{ up_to: 'inf', unit_amount: 50 }]);
  });

  it('adds the metered item with overage on, swaps it with the package, removes it when off, and renews with the usage', async () => {
    // A subscription of 500 calls and the number, as the backfill makes one (nothing due now).
    const { campaign } = await campaignInCalls(1);
    await Campaign.update(
      { status: 'active', setupPaymentProcessed: true, monthlyCallVolume: 500, useProvidedNumber: true },
      { where: { id: campaign.id } },
    );
    const report = await backfillSubscriptions({ campaignIds: [campaign.id] });
    expect(report.failed).toEqual([]);
    const row = await Campaign.findByPk(campaign.id, { rejectOnEmpty: true });
    const subscriptionId = row.stripeSubscriptionId!;
    const metered = (sub: {
      items: { data: { price: { id: string; recurring: { usage_type: string } | null } }[] };
    }) => sub.items.data.filter((item) => item.price.recurring?.usage_type === 'metered');

    let sub = await syncOverageItem({
      stripeSubscriptionId: subscriptionId,
      overage: true,
      monthlyCallVolume: 500,
    });
    expect(metered(sub)).toHaveLength(1);
    const price500 = metered(sub)[0]!.price.id;
    // Asked again: nothing changes.
    sub = await syncOverageItem({
      stripeSubscriptionId: subscriptionId,
      overage: true,
      monthlyCallVolume: 500,
    });
    expect(metered(sub).map((item) => item.price.id)).toEqual([price500]);
    sub = await syncOverageItem({
      stripeSubscriptionId: subscriptionId,
      overage: true,
      monthlyCallVolume: 1000,
    });
    expect(metered(sub)).toHaveLength(1);
    expect(metered(sub)[0]!.price.id).not.toBe(price500);
    sub = await syncOverageItem({
      stripeSubscriptionId: subscriptionId,
      overage: false,
      monthlyCallVolume: 1000,
    });
    expect(metered(sub)).toEqual([]);
    sub = await syncOverageItem({
      stripeSubscriptionId: subscriptionId,
      overage: true,
      monthlyCallVolume: 500,
    });
    expect(metered(sub).map((item) => item.price.id)).toEqual([price500]);

    // Three calls past the package this period reach the meter; the renewal bills them at $0.80.
    const customer = sub.customer as string;
    await sequelize.query(
      `INSERT INTO usage_outbox (campaignId, callRecordId, eventName, stripeCustomerId, quantity, occurredAt, createdAt)
       VALUES (:c, :r1, :e, :s, 1, NOW(3), NOW(3)), (:c, :r2, :e, :s, 1, NOW(3), NOW(3)), (:c, :r3, :e, :s, 1, NOW(3), NOW(3))`,
      {
        replacements: {
          c: campaign.id,
          r1: 900_000_000 + campaign.id * 3,
          r2: 900_000_001 + campaign.id * 3,
          r3: 900_000_002 + campaign.id * 3,
          e: OVERAGE_EVENT_NAME,
          s: customer,
        },
      },
    );
    await sendMeterEvents();
    expect((await outboxOf(campaign.id)).every((r) => r.sentAt)).toBe(true);
    const clockId = (await stripe().customers.retrieve(customer)) as { test_clock: string | null };
    const periodEnd = sub.items.data[0]!.current_period_end;
    await stripe().testHelpers.testClocks.advance(clockId.test_clock!, { frozen_time: periodEnd + 3600 });
    for (let i = 0; i < 100; i++) {
      if ((await stripe().testHelpers.testClocks.retrieve(clockId.test_clock!)).status === 'ready') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const invoices = await stripe().invoices.list({ customer, subscription: subscriptionId });
    const renewal = invoices.data.find((invoice) => invoice.billing_reason === 'subscription_cycle');
    expect(renewal?.total).toBe(callCostCents(500) + 2_000 + 3 * 80);
  });
});
