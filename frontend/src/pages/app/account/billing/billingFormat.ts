import {
  formatDollars,
  type BillingCard,
  type InvoiceStatus,
  type SubscriptionStatus,
} from '@ringcast/shared-types';
import { formatPeriod } from '../../../../components/billing/campaignBilling';
import { formatDate } from '../../../../components/campaigns/format';

/** "Visa •••• 4242, expires 12/29" */
export function cardLabel(card: BillingCard): string {
  const brand = card.brand ? card.brand[0].toUpperCase() + card.brand.slice(1) : 'Card';
  const month = String(card.expMonth).padStart(2, '0');
  return `${brand} •••• ${card.last4}, expires ${month}/${String(card.expYear % 100).padStart(2, '0')}`;
}

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
};

export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'default',
  open: 'gold',
  paid: 'green',
  uncollectible: 'red',
  void: 'default',
};

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  incomplete: 'Awaiting first payment',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
};

/** "$80.00" from the API's "80.00". */
export const dollars = (amount: string) => formatDollars(amount);

/** The invoice's period, or its date when it covers none (a one-off). */
export const invoicePeriod = (periodStart: string | null, periodEnd: string | null, createdAt: string) =>
  formatPeriod(periodStart, periodEnd) ?? formatDate(createdAt);

/** "500 calls a month + number" */
export function planLabel(monthlyCallVolume: number, providedNumber: boolean): string {
  const calls = `${monthlyCallVolume.toLocaleString('en-US')} calls a month`;
  return providedNumber ? `${calls} + phone number` : calls;
}
