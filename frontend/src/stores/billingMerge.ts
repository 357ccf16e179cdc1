import type { BillingInvoice, BillingOverview, BillingUpdate } from '@ringcast/shared-types';

/** Newest first, as GET /api/billing lists them; equal times by id so the order is stable. */
const newestFirst = (a: BillingInvoice, b: BillingInvoice) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * A `billing:updated` push folded into the overview on screen: the campaign's subscription
 * replaced (or removed when it has none any more) and its newest invoice added or replaced. The
 * card, the credit and the next invoice's preview are not in the push; the store reads them again.
 */
export function mergeBillingUpdate(overview: BillingOverview, update: BillingUpdate): BillingOverview {
  const others = overview.subscriptions.filter((s) => s.campaignId !== update.campaignId);
  const index = overview.subscriptions.findIndex((s) => s.campaignId === update.campaignId);
  const subscriptions = [...others];
  if (update.subscription)
    subscriptions.splice(index === -1 ? subscriptions.length : index, 0, update.subscription);

  const invoice = update.latestInvoice;
  const invoices = invoice
    ? [invoice, ...overview.invoices.filter((i) => i.id !== invoice.id)].sort(newestFirst)
    : overview.invoices;
  return { ...overview, subscriptions, invoices };
}
