import type Stripe from 'stripe';

/**
 * Reading Stripe's current shapes (API 2026-10-28): periods live on subscription items, an
 * invoice reaches its PaymentIntent through its confirmation secret and its payments, and its
 * subscription through `parent.subscription_details`.
 */

const idOf = (value: string | { id: string } | null | undefined) =>
  value ? (typeof value === 'string' ? value : value.id) : null;

export const toDate = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

/** The subscription's current period: the earliest start and end over its items (they share one). */
export function subscriptionPeriod(subscription: Stripe.Subscription): {
  start: Date | null;
  end: Date | null;
} {
  const items = subscription.items?.data ?? [];
  if (items.length === 0) return { start: null, end: null };
  return {
    start: toDate(Math.min(...items.map((item) => item.current_period_start))),
    end: toDate(Math.min(...items.map((item) => item.current_period_end))),
  };
}

export const invoiceSubscriptionId = (invoice: Stripe.Invoice) =>
  idOf(invoice.parent?.subscription_details?.subscription);

export const invoiceSubscriptionMetadata = (invoice: Stripe.Invoice) =>
  invoice.parent?.subscription_details?.metadata ?? null;

/** The PaymentIntent that pays the invoice: from its client secret (`pi_..._secret_...`) or its payments. */
export function invoicePaymentIntentId(invoice: Stripe.Invoice): string | null {
  const secret = invoice.confirmation_secret?.client_secret;
  if (secret?.startsWith('pi_')) return secret.split('_secret_')[0] ?? null;
  for (const entry of invoice.payments?.data ?? []) {
    const intent = idOf(entry.payment?.payment_intent);
    if (intent) return intent;
  }
  return null;
}

export const customerIdOf = (value: string | Stripe.Customer | Stripe.DeletedCustomer | null) => idOf(value);

/** The campaign a subscription (or its invoice) was made for, from our own metadata. */
export function metadataCampaignId(metadata: Stripe.Metadata | null | undefined): number | null {
  const id = Number(metadata?.campaignId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const latestInvoiceOf = (subscription: Stripe.Subscription): Stripe.Invoice | null =>
  subscription.latest_invoice && typeof subscription.latest_invoice !== 'string'
    ? subscription.latest_invoice
    : null;

export { idOf };
