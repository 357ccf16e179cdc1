import type { AdminInvoice, BillingInvoice } from '@ringcast/shared-types';
import type { Campaign, Invoice, User } from '../db/models';

const dollars = (cents: number) => (cents / 100).toFixed(2);
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** An invoice as the customer's Billing section and its pushes show it (dollars, ISO times). */
export function presentBillingInvoice(invoice: Invoice): BillingInvoice {
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
    // When Stripe made it (the customer's test clock in sandbox mode), not when we stored it.
    createdAt: invoice.stripeCreatedAt.toISOString(),
  };
}

/** An invoices row loaded with its customer and campaign (as services/admin/invoices reads it). */
export type InvoiceWithParties = Invoice & {
  owner?: Pick<User, 'firstName' | 'lastName' | 'email'> | null;
  campaign?: Pick<Campaign, 'name'> | null;
};

/** An invoice as the admin Payments tab lists it next to one-time payments. */
export function presentAdminInvoice(invoice: InvoiceWithParties): AdminInvoice {
  return {
    ...presentBillingInvoice(invoice),
    userId: invoice.userId,
    firstName: invoice.owner?.firstName ?? '',
    lastName: invoice.owner?.lastName ?? '',
    email: invoice.owner?.email ?? '',
    // Null once the campaign is deleted: the invoice stays, its campaign link goes.
    campaignName: invoice.campaign?.name ?? null,
  };
}
