import { setTimeout as sleep } from 'node:timers/promises';
import type Stripe from 'stripe';
import { Op } from 'sequelize';
import { type BillingClockInput, type BillingClockResponse } from '@ringcast/shared-types';
import { StripeEvent, User } from '../../db/models';
import { conflict, notFound, timedOut } from '../../errors';
import { stripe } from '../../providers/stripe';
import { customerIdOf, idOf } from './stripeShapes';

const DAY_SECONDS = 86_400;
const POLL_MS = 100;
/** An advance over a year of renewals, retries and webhooks finishes well within this. */
const WAIT_MS = 90_000;

export const CLOCK_MESSAGES = {
  noCustomer: 'This user has no billing yet (no Stripe customer).',
  noClock: "This user's Stripe customer has no test clock.",
  slow: 'The billing clock is still advancing; try again in a moment.',
} as const;

async function waitFor<T>(read: () => Promise<T | null>, deadline: number): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw timedOut(CLOCK_MESSAGES.slow);
    await sleep(POLL_MS);
  }
}

/** Whether an event is about the customer: its object is the customer or belongs to it. */
function concerns(event: Stripe.Event, customer: string): boolean {
  const object = event.data.object as { id?: string; customer?: string | { id: string } | null };
  return object.id === customer || customerIdOf((object.customer ?? null) as string | null) === customer;
}

/**
 * POST /api/admin/sandbox/billing-clock (sandbox mode): advances the user's test clock by `days`,
 * waits until Stripe has played every renewal, retry and cancellation in between (the clock reads
 * ready once each webhook of the advance was delivered), then until every event of the advance
 * about that customer has been applied here, so the caller sees the result at once.
 */
export async function advanceBillingClock({
  userId,
  days,
}: BillingClockInput): Promise<BillingClockResponse> {
  const user = await User.findByPk(userId);
  if (!user) throw notFound('User not found');
  if (!user.stripeCustomerId) throw conflict(CLOCK_MESSAGES.noCustomer);
  const customer = await stripe().customers.retrieve(user.stripeCustomerId);
  const clockId =
    'deleted' in customer && customer.deleted ? null : idOf((customer as Stripe.Customer).test_clock);
  if (!clockId) throw conflict(CLOCK_MESSAGES.noClock);

  const deadline = Date.now() + WAIT_MS;
  const startedAt = Math.floor(Date.now() / 1000) - 1;
  const before = await stripe().testHelpers.testClocks.retrieve(clockId);
  await stripe().testHelpers.testClocks.advance(clockId, {
    frozen_time: before.frozen_time + days * DAY_SECONDS,
  });
  const clock = await waitFor(async () => {
    const now = await stripe().testHelpers.testClocks.retrieve(clockId);
    return now.status === 'ready' ? now : null;
  }, deadline);

  const events = await stripe()
    .events.list({ created: { gte: startedAt }, limit: 100 })
    .autoPagingToArray({ limit: 10_000 });
  const ids = events.filter((event) => concerns(event, user.stripeCustomerId!)).map((event) => event.id);
  await waitFor(async () => {
    const applied = ids.length ? await StripeEvent.count({ where: { id: { [Op.in]: ids } } }) : 0;
    return applied >= ids.length ? true : null;
  }, deadline);
  return { frozenTime: new Date(clock.frozen_time * 1000).toISOString() };
}
