import type { AdminInvoice } from '@ringcast/shared-types';
import type { Campaign, Invoice, User } from '../db/models';
import { presentInvoice } from './billing';

/** An invoices row loaded with its customer and campaign (as services/admin/invoices reads it). */
export type InvoiceWithParties = Invoice & {
  owner?: Pick<User, 'firstName' | 'lastName' | 'email'> | null;
  campaign?: Pick<Campaign, 'name'> | null;
};

/** An invoice as the admin Payments tab lists it next to one-time payments: the customer's shape, and who. */
export function presentAdminInvoice(invoice: InvoiceWithParties): AdminInvoice {
  return {
    ...presentInvoice(invoice),
    userId: invoice.userId,
    firstName: invoice.owner?.firstName ?? '',
    lastName: invoice.owner?.lastName ?? '',
    email: invoice.owner?.email ?? '',
    // Null once the campaign is deleted: the invoice stays, its campaign link goes.
    campaignName: invoice.campaign?.name ?? null,
  };
}
