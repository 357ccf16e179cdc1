import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { stripe } from '../src/providers/stripe';
import { useTestApi } from './helpers/server';
import {
  advanceDays,
  customerOnClock,
  eventMark,
  firstInvoice,
  monthlyPrice,
  payInvoiceFromBrowser,
  subscribe,
} from './helpers/stripeBilling';

/** Metered overage (billing meters, meter events), the event list, and invoice lists as the SDK pages them. */
const api = useTestApi();
const DAY = 86_400;

async function meteredPrice() {
  const eventName = `overage_${randomUUID().slice(0, 8)}`;
  const meter = await stripe().billing.meters.create({
    display_name: 'Calls past the package',
    event_name: eventName,
    default_aggregation: { formula: 'sum' },
    customer_mapping: { event_payload_key: 'stripe_customer_id', type: 'by_id' },
    value_settings: { event_payload_key: 'value' },
  });
  const product = await stripe().products.create({ name: 'Overage calls' });
  const price = await stripe().prices.create({
    product: product.id,
    currency: 'usd',
    recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
    billing_scheme: 'tiered',
    tiers_mode: 'graduated',
    tiers: [
      { up_to: 10, unit_amount: 80 },
      { up_to: 'inf', unit_amount: 60 },
    ],
    lookup_key: `test_overage_${randomUUID()}`,
  });
  return { meter, eventName, price };
}

describe('Stripe sandbox billing: metered usage', () => {
  it('bills a period’s meter events on the renewal, once per identifier, refusing events older than 35 days', async () => {
    const { clock, customer } = await customerOnClock();
    const { meter, eventName, price } = await meteredPrice();
    expect(meter).toMatchObject({ object: 'billing.meter', status: 'active', event_name: eventName });
    expect(meter.id).toMatch(/^mtr_/);
    expect((await stripe().billing.meters.list({ limit: 100 })).data.map((m) => m.id)).toContain(meter.id);
    expect(price).toMatchObject({
      billing_scheme: 'tiered',
      recurring: { usage_type: 'metered', meter: meter.id },
    });

    const calls = await monthlyPrice(8_000);
    const sub = await subscribe(customer.id, { items: [{ price: calls.id }, { price: price.id }] });
    expect(firstInvoice(sub).total).toBe(8_000);
    expect((await payInvoiceFromBrowser(api.baseUrl, firstInvoice(sub))).status).toBe(200);

    const send = (identifier: string, value: number, timestamp = clock.frozen_time + 60) =>
      stripe().billing.meterEvents.create({
        event_name: eventName,
        identifier,
        payload: { stripe_customer_id: customer.id, value: String(value) },
        timestamp,
      });
    const first = await send(`call-${randomUUID()}`, 8);
    expect(first).toMatchObject({ object: 'billing.meter_event', event_name: eventName });
    const repeated = `call-${randomUUID()}`;
    await send(repeated, 4);
    const duplicate = await send(repeated, 4).catch((err: unknown) => err);
    expect(duplicate).toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    const stale = await send(`call-${randomUUID()}`, 1, clock.frozen_time - 36 * DAY).catch(
      (err: unknown) => err,
    );
    expect(stale).toMatchObject({ statusCode: 400, param: 'timestamp' });

    const preview = await stripe().invoices.createPreview({ customer: customer.id, subscription: sub.id });
    // 12 calls: 10 at $0.80 and 2 at $0.60 = $9.20, with the $80 package.
    expect(preview.amount_due).toBe(8_000 + 920);
    await advanceDays(clock.id, 31);
    const [renewal] = (await stripe().invoices.list({ customer: customer.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', total: 8_920, status: 'paid' });
    const metered = renewal!.lines.data.find((line) => line.quantity === 12);
    expect(metered).toMatchObject({
      amount: 920,
      period: { start: sub.items.data[0]!.current_period_start },
    });
  });
});

describe('Stripe sandbox billing: events and invoice lists', () => {
  it('lists the events it sent, newest first, by type and time, and retrieves one', async () => {
    const mark = await eventMark();
    const { customer } = await customerOnClock();
    const sub = await subscribe(customer.id, { items: [{ price: (await monthlyPrice(8_000)).id }] });
    await payInvoiceFromBrowser(api.baseUrl, firstInvoice(sub));
    const paid = await stripe().events.list({
      created: { gte: mark.since },
      types: ['invoice.paid', 'invoice.finalized'],
      limit: 100,
    });
    const ours = paid.data.filter((e) => (e.data.object as { id: string }).id === firstInvoice(sub).id);
    expect(ours.map((e) => e.type)).toEqual(['invoice.paid', 'invoice.finalized']);
    expect(ours[0]!.created).toBeGreaterThanOrEqual(ours[1]!.created);
    const one = await stripe().events.retrieve(ours[0]!.id);
    expect(one).toMatchObject({
      object: 'event',
      type: 'invoice.paid',
      data: { object: { status: 'paid' } },
    });
    const onlySubs = await stripe().events.list({
      created: { gte: mark.since },
      type: 'customer.subscription.created',
    });
    expect(onlySubs.data.every((e) => e.type === 'customer.subscription.created')).toBe(true);
    const future = await stripe().events.list({ created: { gte: Math.floor(Date.now() / 1000) + 3600 } });
    expect(future.data).toHaveLength(0);
  });

  it('pages a customer’s invoices newest first, filtered by subscription and status', async () => {
    const { clock, customer } = await customerOnClock();
    const sub = await subscribe(customer.id, { items: [{ price: (await monthlyPrice(8_000)).id }] });
    await payInvoiceFromBrowser(api.baseUrl, firstInvoice(sub));
    await advanceDays(clock.id, 31);
    await advanceDays(clock.id, 31);
    const all = await stripe().invoices.list({ customer: customer.id, subscription: sub.id });
    expect(all.data).toHaveLength(3);
    expect(all.data[2]!.id).toBe(firstInvoice(sub).id);
    const page = await stripe().invoices.list({ customer: customer.id, limit: 2 });
    expect(page).toMatchObject({ has_more: true });
    const next = await stripe().invoices.list({
      customer: customer.id,
      limit: 2,
      starting_after: page.data[1]!.id,
    });
    expect(next.data.map((i) => i.id)).toEqual([firstInvoice(sub).id]);
    expect((await stripe().invoices.list({ customer: customer.id, status: 'open' })).data).toHaveLength(0);
    const retrieved = await stripe().invoices.retrieve(all.data[0]!.id, { expand: ['payments'] });
    expect(retrieved.payments!.data[0]).toMatchObject({
      status: 'paid',
      payment: { type: 'payment_intent' },
    });
    const clocks = await stripe().testHelpers.testClocks.list({ limit: 100 });
    expect(clocks.data.map((c) => c.id)).toContain(clock.id);
    expect(await stripe().testHelpers.testClocks.del(clock.id)).toMatchObject({ deleted: true });
  });
});
