import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { stripe } from '../../src/providers/stripe';
import { confirmWithTestMethod } from './payments';

const DAY = 86_400;

/** A customer on a test clock of its own, frozen at `frozenTime` (now by default), as sandbox mode makes them. */
export async function customerOnClock(frozenTime = Math.floor(Date.now() / 1000)) {
  const clock = await stripe().testHelpers.testClocks.create({ frozen_time: frozenTime, name: 'test' });
  const customer = await stripe().customers.create({
    email: `billing-${randomUUID()}@example.com`,
    name: 'Billing Test',
    metadata: { userId: '1' },
    test_clock: clock.id,
  });
  return { clock, customer };
}

/** A monthly licensed price (a fresh product) of `cents`. */
export async function monthlyPrice(cents: number, name = 'Calls package') {
  const product = await stripe().products.create({ name, metadata: { test: 'billing' } });
  return stripe().prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: cents,
    recurring: { interval: 'month' },
    lookup_key: `test_${randomUUID()}`,
  });
}

export async function oneTimePrice(cents: number, name = 'Prospect list') {
  const product = await stripe().products.create({ name });
  return stripe().prices.create({ product: product.id, currency: 'usd', unit_amount: cents });
}

/** A subscription created the way checkout creates it: incomplete, its first invoice open. */
export function subscribe(customer: string, params: Partial<Stripe.SubscriptionCreateParams> = {}) {
  return stripe().subscriptions.create({
    customer,
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    metadata: { campaignId: '7', userId: '1' },
    expand: ['latest_invoice.confirmation_secret', 'latest_invoice.payments'],
    ...params,
  } as Stripe.SubscriptionCreateParams);
}

/** The expanded first invoice of a subscription from subscribe(). */
export const firstInvoice = (sub: Stripe.Subscription) => sub.latest_invoice as Stripe.Invoice;

/** Confirms an invoice's PaymentIntent as the browser does (publishable key, client secret, a test method). */
export async function payInvoiceFromBrowser(
  baseUrl: string,
  invoice: Stripe.Invoice,
  paymentMethod = 'pm_card_visa',
) {
  return confirmWithTestMethod(
    baseUrl,
    'payment_intents',
    invoice.confirmation_secret!.client_secret,
    paymentMethod,
  );
}

/** Advances the clock by `days` and waits until it is ready (its webhooks delivered). */
export async function advanceDays(clockId: string, days: number, timeoutMs = 60_000) {
  const clock = await stripe().testHelpers.testClocks.retrieve(clockId);
  const advancing = await stripe().testHelpers.testClocks.advance(clockId, {
    frozen_time: clock.frozen_time + days * DAY,
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await stripe().testHelpers.testClocks.retrieve(clockId);
    if (current.status === 'ready') return { advancing, ready: current };
    if (current.status === 'internal_failure' || Date.now() > deadline) {
      throw new Error(`the clock ${clockId} did not become ready: ${current.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The ids of the events so far: a mark that eventsAfter() counts from (Stripe's `created` is in whole seconds). */
export async function eventMark() {
  const since = Math.floor(Date.now() / 1000) - 1;
  const list = await stripe().events.list({ created: { gte: since }, limit: 100 });
  return { since, seen: new Set(list.data.map((event) => event.id)) };
}

/** The events about these objects (or their customer) after the mark, oldest first. */
export async function eventsAfter(mark: Awaited<ReturnType<typeof eventMark>>, objectIds: string[]) {
  const list = await stripe().events.list({ created: { gte: mark.since }, limit: 100 });
  return list.data
    .filter((event) => {
      const object = event.data.object as { id?: string; customer?: string };
      return (
        !mark.seen.has(event.id) &&
        (objectIds.includes(object.id ?? '') || objectIds.includes(object.customer ?? ''))
      );
    })
    .reverse();
}
