import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripe } from '../src/providers/stripe';
import { useTestApi } from './helpers/server';
import {
  advanceDays,
  customerOnClock,
  eventMark,
  eventsAfter,
  firstInvoice,
  monthlyPrice,
  payInvoiceFromBrowser,
  subscribe,
} from './helpers/stripeBilling';

/** Test clocks: renewals, failed renewals and their retries, cancellations, as the SDK sees them. */
const api = useTestApi();
const DAY = 86_400;

/** A customer on a clock with an active subscription (package $80 + number $20) paid by the browser with visa. */
async function activeSubscription() {
  const { clock, customer } = await customerOnClock();
  const calls = await monthlyPrice(8_000);
  const number = await monthlyPrice(2_000, 'Phone number');
  const sub = await subscribe(customer.id, { items: [{ price: calls.id }, { price: number.id }] });
  const paid = await payInvoiceFromBrowser(api.baseUrl, firstInvoice(sub));
  if (paid.status !== 200) throw new Error(`first invoice not paid: ${JSON.stringify(paid.json)}`);
  return { clock, customer, sub, calls, number };
}

/** Makes every later charge of the subscription fail (pm_card_chargeCustomerFail attaches, then declines). */
async function useFailingCard(customer: string, sub: string) {
  const failing = await stripe().paymentMethods.attach('pm_card_chargeCustomerFail', { customer });
  await stripe().subscriptions.update(sub, { default_payment_method: failing.id });
  return failing;
}

const invoicesOf = async (customer: string) => (await stripe().invoices.list({ customer, limit: 10 })).data;

describe('Stripe sandbox billing: test clocks', () => {
  it('renews at the period end: a new period, a subscription_cycle invoice charged to the saved card, its webhooks before ready', async () => {
    const { clock, customer, sub } = await activeSubscription();
    const period = sub.items.data[0]!;
    const mark = await eventMark();
    const preview = await stripe().invoices.createPreview({ customer: customer.id, subscription: sub.id });
    expect(preview).toMatchObject({ amount_due: 10_000, period_end: period.current_period_end });

    const { advancing, ready } = await advanceDays(clock.id, 31);
    expect(advancing.status).toBe('advancing');
    expect(ready.frozen_time).toBe(clock.frozen_time + 31 * DAY);

    const [renewal, first] = await invoicesOf(customer.id);
    expect(first!.id).toBe(firstInvoice(sub).id);
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      total: 10_000,
      amount_paid: 10_000,
      created: period.current_period_end,
      period_start: period.current_period_start,
      period_end: period.current_period_end,
    });
    expect(renewal!.number).toMatch(/-0002$/);
    expect(renewal!.lines.data[0]!.period.start).toBe(period.current_period_end);
    const renewed = await stripe().subscriptions.retrieve(sub.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]!.current_period_start).toBe(period.current_period_end);
    expect(renewed.latest_invoice).toBe(renewal!.id);

    const types = (await eventsAfter(mark, [sub.id, renewal!.id, clock.id])).map((e) => e.type);
    expect(types).toEqual([
      'customer.subscription.updated',
      'invoice.finalized',
      'invoice.paid',
      'test_helpers.test_clock.ready',
    ]);
  });

  it('a failing card: past_due, retried 3, 5 and 7 days after the first failure, then canceled with the invoice open', async () => {
    const { clock, customer, sub } = await activeSubscription();
    await useFailingCard(customer.id, sub.id);
    await advanceDays(clock.id, 31);
    let [renewal] = await invoicesOf(customer.id);
    const failedAt = renewal!.created;
    expect(renewal).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: failedAt + 3 * DAY,
    });
    expect((await stripe().subscriptions.retrieve(sub.id)).status).toBe('past_due');

    await advanceDays(clock.id, 4);
    [renewal] = await invoicesOf(customer.id);
    expect(renewal).toMatchObject({ attempt_count: 2, next_payment_attempt: failedAt + 5 * DAY });

    const mark = await eventMark();
    await advanceDays(clock.id, 4);
    [renewal] = await invoicesOf(customer.id);
    expect(renewal).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null });
    const ended = await stripe().subscriptions.retrieve(sub.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: failedAt + 7 * DAY });
    const types = (await eventsAfter(mark, [sub.id, renewal!.id])).map((e) => e.type);
    expect(types.filter((t) => t === 'invoice.payment_failed')).toHaveLength(2);
    expect(types[types.length - 1]).toBe('customer.subscription.deleted');
  });

  it('a new card from a SetupIntent pays the open invoice and makes the subscription active again', async () => {
    const { clock, customer, sub } = await activeSubscription();
    await useFailingCard(customer.id, sub.id);
    await advanceDays(clock.id, 31);
    const [open] = await invoicesOf(customer.id);
    const declined = await stripe()
      .invoices.pay(open!.id)
      .catch((err: unknown) => err);
    expect(declined).toMatchObject({ type: 'StripeCardError', code: 'card_declined', statusCode: 402 });

    const setup = await stripe().setupIntents.create({
      customer: customer.id,
      allowed_payment_method_types: ['card'],
      usage: 'off_session',
    });
    expect(setup).toMatchObject({ status: 'requires_payment_method', object: 'setup_intent' });
    expect(setup.client_secret).toMatch(new RegExp(`^${setup.id}_secret_`));
    const confirm = async (paymentMethod: string) => {
      const res = await fetch(`${api.baseUrl}/sandbox/stripe/v1/setup_intents/${setup.id}/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          key: (await import('../src/config')).config.stripeSandbox.publishableKey,
          client_secret: setup.client_secret!,
          payment_method: paymentMethod,
        }).toString(),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    expect((await confirm('pm_card_chargeDeclined')).status).toBe(402);
    const confirmed = await confirm('pm_card_visa');
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ status: 'succeeded' });
    expect(confirmed.json.customer).toBeUndefined();
    const saved = await stripe().setupIntents.retrieve(setup.id);
    const method = saved.payment_method as string;
    expect((await stripe().paymentMethods.retrieve(method)).customer).toBe(customer.id);

    await stripe().customers.update(customer.id, { invoice_settings: { default_payment_method: method } });
    await stripe().subscriptions.update(sub.id, { default_payment_method: method });
    // Paid three times at once: one charge, the others told it is paid already.
    const mark = await eventMark();
    const tries = await Promise.allSettled([1, 2, 3].map(() => stripe().invoices.pay(open!.id)));
    const paid = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ status: 'paid', amount_paid: 10_000 });
    const refused = tries.flatMap((t) => (t.status === 'rejected' ? [t.reason as unknown] : []));
    expect(refused.every((err) => (err as { statusCode?: number }).statusCode === 400)).toBe(true);
    const succeeded = (await eventsAfter(mark, [customer.id])).filter(
      (e) => e.type === 'payment_intent.succeeded',
    );
    expect(succeeded).toHaveLength(1);
    expect((await stripe().subscriptions.retrieve(sub.id)).status).toBe('active');
  });

  it('cancel_at_period_end ends the subscription at the period end without an invoice; undone, it renews', async () => {
    const { clock, customer, sub } = await activeSubscription();
    const canceling = await stripe().subscriptions.update(sub.id, { cancel_at_period_end: true });
    expect(canceling).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: sub.items.data[0]!.current_period_end,
    });
    const none = await stripe()
      .invoices.createPreview({ customer: customer.id, subscription: sub.id })
      .catch((e: unknown) => e);
    expect(none).toMatchObject({ statusCode: 404 });
    await advanceDays(clock.id, 31);
    expect((await stripe().subscriptions.retrieve(sub.id)).status).toBe('canceled');
    expect(await invoicesOf(customer.id)).toHaveLength(1);

    const other = await activeSubscription();
    await stripe().subscriptions.update(other.sub.id, { cancel_at_period_end: true });
    await stripe().subscriptions.update(other.sub.id, { cancel_at_period_end: false });
    await advanceDays(other.clock.id, 31);
    expect((await stripe().subscriptions.retrieve(other.sub.id)).status).toBe('active');
    expect(await invoicesOf(other.customer.id)).toHaveLength(2);
  });

  it('an upgrade is prorated and charged now; a downgrade without proration is billed at renewal', async () => {
    const { clock, customer, sub } = await activeSubscription();
    const item = sub.items.data[0]!;
    await advanceDays(clock.id, 10);
    const bigger = await monthlyPrice(20_000);
    const upgraded = await stripe().subscriptions.update(sub.id, {
      items: [{ id: item.id, price: bigger.id }],
      proration_behavior: 'always_invoice',
    });
    expect(upgraded.items.data[0]!.price.id).toBe(bigger.id);
    const [proration] = await invoicesOf(customer.id);
    expect(proration).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    const share =
      (item.current_period_end - (clock.frozen_time + 10 * DAY)) /
      (item.current_period_end - item.current_period_start);
    expect(proration!.total).toBe(Math.round(20_000 * share) - Math.round(8_000 * share));
    expect(proration!.lines.data.every((line) => line.parent?.subscription_item_details?.proration)).toBe(
      true,
    );

    const smaller = await monthlyPrice(4_000);
    await stripe().subscriptions.update(sub.id, {
      items: [{ id: item.id, price: smaller.id }],
      proration_behavior: 'none',
      billing_cycle_anchor: { type: 'unchanged' },
    });
    expect(await invoicesOf(customer.id)).toHaveLength(2);
    await advanceDays(clock.id, 25);
    const [renewal] = await invoicesOf(customer.id);
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', total: 6_000 });
  });

  it('a future billing_cycle_anchor without proration: active at once on a $0 invoice, the first renewal at the anchor', async () => {
    const { clock, customer } = await customerOnClock();
    const visa = await stripe().paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await stripe().customers.update(customer.id, { invoice_settings: { default_payment_method: visa.id } });
    const calls = await monthlyPrice(8_000);
    const anchor = clock.frozen_time + 10 * DAY;
    const sub = await subscribe(customer.id, {
      items: [{ price: calls.id }],
      billing_cycle_anchor: anchor,
      proration_behavior: 'none',
    });
    expect(sub).toMatchObject({ status: 'active', billing_cycle_anchor: anchor });
    expect(sub.items.data[0]!.current_period_end).toBe(anchor);
    expect(firstInvoice(sub)).toMatchObject({ total: 0, status: 'paid' });
    const late = await stripe()
      .subscriptions.create({
        customer: customer.id,
        items: [{ price: calls.id }],
        billing_cycle_anchor: clock.frozen_time - 1,
        payment_behavior: 'default_incomplete',
      })
      .catch((err: unknown) => err);
    expect(late).toMatchObject({ statusCode: 400, param: 'billing_cycle_anchor' });

    await advanceDays(clock.id, 11);
    const [renewal] = await invoicesOf(customer.id);
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      total: 8_000,
      status: 'paid',
      created: anchor,
    });
    expect((await stripe().subscriptions.retrieve(sub.id)).items.data[0]!.current_period_start).toBe(anchor);
  });
});

export type { Stripe };
