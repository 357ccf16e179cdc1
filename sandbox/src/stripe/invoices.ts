import type { SandboxCoupon } from './catalog';
import { adjustBalance, findCustomer, type SandboxCustomer } from './customers';
import { resourceMissing } from './errors';
import { formString, type FormObject } from './formBody';
import { createInvoiceIntent } from './invoiceIntents';
import type { SandboxPrice } from './prices';
import {
  addToIndex,
  loadIndexed,
  loadObject,
  nextSequence,
  randomToken,
  sandboxId,
  saveObject,
} from './store';
import { sandboxOrigin } from './webhookDelivery';
import type { BillingReason, SandboxInvoice, SandboxInvoiceLine } from './invoiceTypes';

export type {
  BillingReason,
  SandboxInvoice,
  SandboxInvoiceLine,
  SandboxInvoicePayment,
} from './invoiceTypes';

export const INVOICE_KIND = 'invoice';
const DOCUMENT_KIND = 'invoice_document';
const ALL_INVOICES = ['invoices'];
export const customerInvoicesIndex = (customer: string) => ['customer_invoices', customer];

/** A line before it is on an invoice. */
export interface DraftLine {
  amount: number;
  description: string;
  period: { start: number; end: number };
  price: SandboxPrice | { id: string; product: string; unit_amount: number | null };
  quantity: number;
  proration: boolean;
  subscriptionItem: string | null;
}

export interface InvoiceDraft {
  customer: SandboxCustomer;
  subscription: { id: string; metadata: Record<string, string> } | null;
  lines: DraftLine[];
  billingReason: BillingReason;
  at: number;
  period: { start: number; end: number };
  coupon?: SandboxCoupon;
}

function discountShares(lines: DraftLine[], coupon: SandboxCoupon | undefined) {
  const subtotal = lines.reduce((sum, line) => sum + Math.max(0, line.amount), 0);
  if (!coupon || subtotal <= 0) return lines.map(() => 0);
  const total = coupon.percent_off
    ? Math.round((subtotal * coupon.percent_off) / 100)
    : Math.min(coupon.amount_off ?? 0, subtotal);
  let left = total;
  return lines.map((line, i) => {
    const share = i === lines.length - 1 ? left : Math.round((total * Math.max(0, line.amount)) / subtotal);
    left -= share;
    return share;
  });
}

/**
 * Finalizes an invoice: lines, the coupon's discount, the customer's balance applied (credit
 * lowers amount_due and the balance), and a PaymentIntent for what is due. Nothing is charged here.
 */
export async function issueInvoice(draft: InvoiceDraft): Promise<SandboxInvoice> {
  const { customer, subscription, at } = draft;
  const id = sandboxId('in');
  const discountId = draft.coupon ? sandboxId('di') : '';
  const shares = discountShares(draft.lines, draft.coupon);
  const lines = draft.lines.map((line, i): SandboxInvoiceLine => {
    const itemDetails = { proration: line.proration, proration_details: { credited_items: null } };
    return {
      id: sandboxId('il'),
      object: 'line_item',
      amount: line.amount,
      currency: 'usd',
      description: line.description,
      discount_amounts: draft.coupon ? [{ amount: shares[i]!, discount: discountId }] : [],
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      parent: line.subscriptionItem
        ? {
            type: 'subscription_item_details',
            subscription_item_details: {
              ...itemDetails,
              invoice_item: null,
              subscription: subscription!.id,
              subscription_item: line.subscriptionItem,
            },
            invoice_item_details: null,
          }
        : {
            type: 'invoice_item_details',
            subscription_item_details: null,
            invoice_item_details: {
              ...itemDetails,
              invoice_item: sandboxId('ii'),
              subscription: subscription?.id ?? null,
            },
          },
      period: line.period,
      pretax_credit_amounts: [],
      pricing: {
        type: 'price_details',
        price_details: { price: line.price.id, product: line.price.product },
        unit_amount_decimal: line.price.unit_amount === null ? null : String(line.price.unit_amount),
      },
      quantity: line.quantity,
      subscription: subscription?.id ?? null,
      subtotal: line.amount,
      taxes: [],
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const discount = shares.reduce((sum, share) => sum + share, 0);
  const total = subtotal - discount;
  // Credit (a negative balance) pays first; a debt is added; a negative total becomes credit.
  let amountDue = 0;
  let startingBalance = 0;
  const updated = await adjustBalance(customer.id, (balance) => {
    startingBalance = balance;
    const owed = total + balance;
    amountDue = Math.max(0, owed);
    return Math.min(0, owed);
  });
  const token = randomToken(32);
  const documents = `${sandboxOrigin()}/sandbox/stripe/invoices/${token}`;
  const sequence = await nextSequence('invoice_number', customer.id);
  const invoice: SandboxInvoice = {
    id,
    object: 'invoice',
    amount_due: amountDue,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amountDue,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    billing_reason: draft.billingReason,
    collection_method: 'charge_automatically',
    confirmation_secret: null,
    created: at,
    currency: 'usd',
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    discounts: draft.coupon ? [discountId] : [],
    due_date: null,
    effective_at: at,
    ending_balance: updated.balance,
    hosted_invoice_url: documents,
    invoice_pdf: `${documents}/pdf`,
    lines: {
      object: 'list',
      data: lines,
      has_more: false,
      total_count: lines.length,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
    parent: subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
        }
      : null,
    payments: { object: 'list', data: [], has_more: false, url: '/v1/invoice_payments' },
    period_end: draft.period.end,
    period_start: draft.period.start,
    starting_balance: startingBalance,
    status: 'open',
    status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal,
    subtotal_excluding_tax: subtotal,
    test_clock: customer.test_clock,
    total,
    total_discount_amounts: draft.coupon ? [{ amount: discount, discount: discountId }] : [],
    total_excluding_tax: total,
    total_taxes: [],
  };
  if (amountDue > 0) {
    const intent = await createInvoiceIntent({
      amount: amountDue,
      customer: customer.id,
      created: at,
      description:
        draft.billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    });
    await saveObject('intent_invoice', { id: intent.id, invoice: id });
    invoice.confirmation_secret = { client_secret: intent.client_secret, type: 'payment_intent' };
    invoice.payments!.data.push({
      id: sandboxId('inpay'),
      object: 'invoice_payment',
      amount_paid: null,
      amount_requested: amountDue,
      created: at,
      currency: 'usd',
      invoice: id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: intent.id },
      status: 'open',
      status_transitions: { canceled_at: null, paid_at: null },
    });
  }
  await saveInvoice(invoice);
  await saveObject(DOCUMENT_KIND, { id: token, invoice: id });
  await addToIndex(customerInvoicesIndex(customer.id), id, at);
  await addToIndex(ALL_INVOICES, id, Math.floor(Date.now() / 1000));
  return invoice;
}

export const saveInvoice = (invoice: SandboxInvoice) => saveObject(INVOICE_KIND, invoice);

export async function findInvoice(id: string): Promise<SandboxInvoice> {
  const invoice = /^in_[A-Za-z0-9]+$/.test(id)
    ? await loadObject<SandboxInvoice>(INVOICE_KIND, id)
    : undefined;
  if (!invoice) throw resourceMissing('invoice', id);
  return invoice;
}

/** The invoice a hosted page or PDF token stands for. */
export async function invoiceForDocument(token: string): Promise<SandboxInvoice | undefined> {
  const document = await loadObject<{ id: string; invoice: string }>(DOCUMENT_KIND, token);
  return document && loadObject<SandboxInvoice>(INVOICE_KIND, document.invoice);
}

/** The invoice a PaymentIntent pays, if any. */
export async function invoiceForIntent(intentId: string): Promise<string | undefined> {
  return (await loadObject<{ id: string; invoice: string }>('intent_invoice', intentId))?.invoice;
}

/** The PaymentIntent of an invoice (the last attempt's). */
export const intentOf = (invoice: SandboxInvoice) =>
  invoice.payments?.data[invoice.payments.data.length - 1]?.payment.payment_intent;

/** As Stripe answers: confirmation_secret and payments only when expanded (`prefix` for nested expands). */
export function invoiceView(invoice: SandboxInvoice, expand: string[], prefix = '') {
  const { confirmation_secret, payments, ...rest } = invoice;
  return {
    ...rest,
    ...(expand.includes(`${prefix}confirmation_secret`) ? { confirmation_secret } : {}),
    ...(expand.includes(`${prefix}payments`) ? { payments } : {}),
  };
}

/** GET /v1/invoices: customer, subscription, status, limit, starting_after; newest first. */
export async function listInvoices(form: FormObject, limit: number, expand: string[]) {
  const customer = formString(form, 'customer');
  const subscription = formString(form, 'subscription');
  const status = formString(form, 'status');
  if (customer) await findCustomer(customer);
  // Without a customer, all invoices in the order they were made (a customer's list is in its clock's time).
  const all = await loadIndexed<SandboxInvoice>(
    INVOICE_KIND,
    customer ? customerInvoicesIndex(customer) : ALL_INVOICES,
  );
  const matching = all.filter(
    (invoice) =>
      (!subscription || invoice.parent?.subscription_details.subscription === subscription) &&
      (!status || invoice.status === status),
  );
  const after = formString(form, 'starting_after');
  const start = after ? matching.findIndex((invoice) => invoice.id === after) + 1 : 0;
  if (after && start === 0) throw resourceMissing('invoice', after, 'starting_after');
  const data = matching.slice(start, start + limit).map((invoice) => invoiceView(invoice, expand, 'data.'));
  return { object: 'list' as const, data, has_more: matching.length > start + limit, url: '/v1/invoices' };
}
