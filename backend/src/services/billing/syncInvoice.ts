import type Stripe from 'stripe';
import { INVOICE_STATUSES, type InvoiceStatus } from '@ringcast/shared-types';
import { Campaign, Invoice, User } from '../../db/models';
import { isStripeMissing, stripe } from '../../providers/stripe';
import {
  customerIdOf,
  invoiceSubscriptionId,
  invoiceSubscriptionMetadata,
  metadataCampaignId,
  toDate,
} from './stripeShapes';

export async function retrieveInvoice(id: string): Promise<Stripe.Invoice | null> {
  try {
    return await stripe().invoices.retrieve(id);
  } catch (err) {
    if (isStripeMissing(err)) return null;
    throw err;
  }
}

const statusOf = (invoice: Stripe.Invoice): InvoiceStatus =>
  (INVOICE_STATUSES as readonly string[]).includes(invoice.status ?? '')
    ? (invoice.status as InvoiceStatus)
    : 'draft';

/** Whose invoice it is: the campaign named in its subscription's metadata, else its customer's user. */
async function ownerOf(
  invoice: Stripe.Invoice,
): Promise<{ userId: number; campaignId: number | null } | null> {
  const campaignId = metadataCampaignId(invoiceSubscriptionMetadata(invoice));
  const campaign = campaignId ? await Campaign.findByPk(campaignId, { attributes: ['id', 'userId'] }) : null;
  if (campaign) return { userId: campaign.userId, campaignId: campaign.id };
  const customer = customerIdOf(invoice.customer);
  const user = customer
    ? await User.findOne({ where: { stripeCustomerId: customer }, attributes: ['id'] })
    : null;
  return user ? { userId: user.id, campaignId: null } : null;
}

/**
 * Writes the invoice as Stripe has it now into `invoices` (insert or update by Stripe's id), so a
 * replayed or late event only writes the same row again. Answers the row, or null for an invoice
 * that is not ours (no campaign, no known customer) or a draft (not shown anywhere yet).
 */
export async function upsertInvoice(invoice: Stripe.Invoice): Promise<Invoice | null> {
  if (!invoice.id || invoice.status === 'draft') return null;
  const owner = await ownerOf(invoice);
  if (!owner) return null;
  // The lines' service period (the invoice's own period_start/end is the previous period's); the
  // widest line is the monthly one (one-time lines have an instant for a period).
  const line = [...(invoice.lines?.data ?? [])].sort(
    (a, b) => b.period.end - b.period.start - (a.period.end - a.period.start),
  )[0];
  await Invoice.upsert({
    id: invoice.id,
    userId: owner.userId,
    campaignId: owner.campaignId,
    stripeSubscriptionId: invoiceSubscriptionId(invoice),
    number: invoice.number ?? null,
    status: statusOf(invoice),
    totalCents: invoice.total,
    amountPaidCents: invoice.amount_paid,
    amountDueCents: invoice.amount_due,
    periodStart: toDate(line?.period?.start ?? invoice.period_start),
    periodEnd: toDate(line?.period?.end ?? invoice.period_end),
    hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
    invoicePdf: invoice.invoice_pdf ?? null,
    billingReason: invoice.billing_reason ?? null,
    stripeCreatedAt: toDate(invoice.created)!,
  });
  return Invoice.findByPk(invoice.id);
}
