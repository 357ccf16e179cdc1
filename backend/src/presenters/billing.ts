import {
  campaignCosts,
  type BillingInvoice,
  type BillingSubscription,
  type SubscriptionStatus,
} from '@ringcast/shared-types';
import type { Campaign, Invoice } from '../db/models';

/** Cents as the API's dollars: "80.00". */
export const dollars = (cents: number) => (cents / 100).toFixed(2);

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function presentInvoice(invoice: Invoice): BillingInvoice {
  return {
    id: invoice.id,
    number: invoice.number ?? null,
    campaignId: invoice.campaignId ?? null,
    status: invoice.status,
    total: dollars(invoice.totalCents),
    amountPaid: dollars(invoice.amountPaidCents),
    periodStart: iso(invoice.periodStart),
    periodEnd: iso(invoice.periodEnd),
    hostedInvoiceUrl: invoice.hostedInvoiceUrl ?? null,
    invoicePdf: invoice.invoicePdf ?? null,
    createdAt: invoice.stripeCreatedAt.toISOString(),
  };
}

/** The subscription's state as the campaign holds it (the billing sync keeps it in step with Stripe). */
export function subscriptionStatusOf(campaign: Campaign): SubscriptionStatus {
  if (campaign.status === 'past_due' || campaign.status === 'canceled') return campaign.status;
  return campaign.status === 'draft' ? 'incomplete' : 'active';
}

export function presentSubscription(
  campaign: Campaign,
  nextInvoice: BillingSubscription['nextInvoice'] = null,
): BillingSubscription {
  const costs = campaignCosts({
    hasProvidedList: campaign.hasProvidedList,
    monthlyCallVolume: campaign.monthlyCallVolume,
    useProvidedNumber: campaign.useProvidedNumber,
  });
  return {
    campaignId: campaign.id,
    campaignName: campaign.name,
    status: subscriptionStatusOf(campaign),
    currentPeriodStart: iso(campaign.currentPeriodStart),
    currentPeriodEnd: iso(campaign.currentPeriodEnd),
    cancelAtPeriodEnd: Boolean(campaign.cancelAtPeriodEnd),
    monthlyCallVolume: campaign.monthlyCallVolume ?? 0,
    overage: Boolean(campaign.overage),
    monthlyAmount: dollars(costs.monthlyTotalCents),
    providedNumber: Boolean(campaign.useProvidedNumber),
    nextInvoice,
  };
}
