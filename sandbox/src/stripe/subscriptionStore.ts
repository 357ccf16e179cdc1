import { resourceMissing } from './errors';
import type { SandboxPrice } from './prices';
import { addToIndex, loadIndexed, loadObject, saveObject } from './store';
import type { SandboxEventType } from './events';

/** A Subscription in Stripe's shape; periods live on its items, as in Stripe's current API. */
export interface SandboxSubscriptionItem {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Record<string, string>;
  price: SandboxPrice;
  quantity?: number;
  subscription: string;
  tax_rates: [];
}

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'unpaid' | 'canceled';

export interface SandboxSubscription {
  id: string;
  object: 'subscription';
  application: null;
  automatic_tax: { enabled: false; liability: null; disabled_reason: null };
  billing_cycle_anchor: number;
  billing_cycle_anchor_config: null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: {
    comment: null;
    feedback: null;
    reason: 'cancellation_requested' | 'payment_failed' | null;
  };
  collection_method: 'charge_automatically';
  created: number;
  currency: 'usd';
  customer: string;
  days_until_due: null;
  default_payment_method: string | null;
  default_source: null;
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  invoice_settings: { account_tax_ids: null; issuer: { type: 'self' } };
  items: {
    object: 'list';
    data: SandboxSubscriptionItem[];
    has_more: false;
    total_count: number;
    url: string;
  };
  latest_invoice: string | null;
  livemode: false;
  metadata: Record<string, string>;
  pause_collection: null;
  payment_settings: {
    payment_method_options: null;
    payment_method_types: null;
    save_default_payment_method: 'off' | 'on_subscription';
  };
  pending_setup_intent: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: string | null;
  trial_end: null;
  trial_start: null;
}

export const SUBSCRIPTION_KIND = 'subscription';
export const customerSubscriptionsIndex = (customer: string) => ['customer_subscriptions', customer];

export async function findSubscription(id: string): Promise<SandboxSubscription> {
  const sub = /^sub_[A-Za-z0-9]+$/.test(id)
    ? await loadObject<SandboxSubscription>(SUBSCRIPTION_KIND, id)
    : undefined;
  if (!sub) throw resourceMissing('subscription', id);
  return sub;
}

export const saveSubscription = (sub: SandboxSubscription) => saveObject(SUBSCRIPTION_KIND, sub);

export async function indexSubscription(sub: SandboxSubscription): Promise<void> {
  await addToIndex(customerSubscriptionsIndex(sub.customer), sub.id, sub.created);
}

export const customerSubscriptions = (customer: string) =>
  loadIndexed<SandboxSubscription>(SUBSCRIPTION_KIND, customerSubscriptionsIndex(customer));

/** The period all items share (the sandbox bills every item of a subscription together). */
export const periodOf = (sub: SandboxSubscription) => ({
  start: sub.items.data[0]?.current_period_start ?? sub.created,
  end: sub.items.data[0]?.current_period_end ?? sub.created,
});

/**
 * Ends the subscription (Stripe's cancel, or giving up after the last retry; an incomplete one
 * expires) and answers the event to send once the caller has let go of its lock.
 */
export async function endSubscription(
  sub: SandboxSubscription,
  at: number,
  reason: 'cancellation_requested' | 'payment_failed',
): Promise<{ sub: SandboxSubscription; type: SandboxEventType }> {
  const expired = sub.status === 'incomplete';
  sub.status = expired ? 'incomplete_expired' : 'canceled';
  sub.canceled_at = at;
  sub.ended_at = at;
  sub.cancellation_details = { comment: null, feedback: null, reason };
  await saveSubscription(sub);
  return { sub, type: expired ? 'customer.subscription.updated' : 'customer.subscription.deleted' };
}

/** One calendar month after `from`, kept on the anchor's day (the 31st becomes the month's last day). */
export function addMonth(from: number, anchor: number): number {
  const start = new Date(from * 1000);
  const anchorDate = new Date(anchor * 1000);
  const year = start.getUTCFullYear() + (start.getUTCMonth() === 11 ? 1 : 0);
  const month = (start.getUTCMonth() + 1) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = Date.UTC(
    year,
    month,
    Math.min(anchorDate.getUTCDate(), lastDay),
    anchorDate.getUTCHours(),
    anchorDate.getUTCMinutes(),
    anchorDate.getUTCSeconds(),
  );
  return Math.floor(next / 1000);
}
