import { describe, expect, it } from 'vitest';
import type { BillingInvoice, BillingOverview, BillingSubscription } from '@ringcast/shared-types';
import { mergeBillingUpdate } from './billingMerge';

const subscription = (campaignId: number, over: Partial<BillingSubscription> = {}): BillingSubscription => ({
  campaignId,
  campaignName: `Campaign ${campaignId}`,
  status: 'active',
  currentPeriodStart: '2026-12-01T00:00:00.000Z',
  currentPeriodEnd: '2027-01-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  monthlyCallVolume: 500,
  overage: false,
  monthlyAmount: '420.00',
  providedNumber: true,
  nextInvoice: null,
  ...over,
});

const invoice = (id: string, createdAt: string, over: Partial<BillingInvoice> = {}): BillingInvoice => ({
  id,
  number: id.toUpperCase(),
  campaignId: 1,
  status: 'paid',
  total: '420.00',
  amountPaid: '420.00',
  periodStart: null,
  periodEnd: null,
  hostedInvoiceUrl: null,
  invoicePdf: null,
  createdAt,
  ...over,
});

const overview: BillingOverview = {
  card: null,
  creditBalance: '0.00',
  subscriptions: [subscription(1), subscription(2)],
  invoices: [invoice('in_b', '2026-12-02T00:00:00.000Z'), invoice('in_a', '2026-12-01T00:00:00.000Z')],
};

describe('mergeBillingUpdate', () => {
  it('replaces the campaign subscription in place and puts a new invoice first', () => {
    const merged = mergeBillingUpdate(overview, {
      campaignId: 1,
      userId: 9,
      subscription: subscription(1, { status: 'past_due' }),
      latestInvoice: invoice('in_c', '2027-01-01T00:00:00.000Z', { status: 'open' }),
    });
    expect(merged.subscriptions.map((s) => [s.campaignId, s.status])).toEqual([
      [1, 'past_due'],
      [2, 'active'],
    ]);
    expect(merged.invoices.map((i) => i.id)).toEqual(['in_c', 'in_b', 'in_a']);
  });

  it('replaces an invoice it holds (paid on retry) instead of listing it twice', () => {
    const merged = mergeBillingUpdate(overview, {
      campaignId: 1,
      userId: 9,
      subscription: subscription(1),
      latestInvoice: invoice('in_a', '2026-12-01T00:00:00.000Z', { status: 'void' }),
    });
    expect(merged.invoices.map((i) => [i.id, i.status])).toEqual([
      ['in_b', 'paid'],
      ['in_a', 'void'],
    ]);
  });

  it('adds a new subscription at the end and drops one that is gone', () => {
    const added = mergeBillingUpdate(overview, {
      campaignId: 3,
      userId: 9,
      subscription: subscription(3),
      latestInvoice: null,
    });
    expect(added.subscriptions.map((s) => s.campaignId)).toEqual([1, 2, 3]);
    expect(added.invoices).toBe(overview.invoices);
    const dropped = mergeBillingUpdate(overview, {
      campaignId: 2,
      userId: 9,
      subscription: null,
      latestInvoice: null,
    });
    expect(dropped.subscriptions.map((s) => s.campaignId)).toEqual([1]);
  });
});
