/** An Invoice in Stripe's shape (basil and later: parent, confirmation_secret, payments). */
export interface SandboxInvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: 'usd';
  description: string;
  discount_amounts: { amount: number; discount: string }[];
  discountable: boolean;
  discounts: string[];
  invoice: string;
  livemode: false;
  metadata: Record<string, string>;
  parent: {
    type: 'subscription_item_details' | 'invoice_item_details';
    subscription_item_details: {
      invoice_item: string | null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    } | null;
    invoice_item_details: {
      invoice_item: string;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string | null;
    } | null;
  };
  period: { start: number; end: number };
  pretax_credit_amounts: [];
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string | null;
  };
  quantity: number;
  subscription: string | null;
  subtotal: number;
  taxes: [];
}

export interface SandboxInvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: 'usd';
  invoice: string;
  is_default: true;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: number | null; paid_at: number | null };
}

export type BillingReason = 'subscription_create' | 'subscription_cycle' | 'subscription_update';

export interface SandboxInvoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_overpaid: 0;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  billing_reason: BillingReason;
  collection_method: 'charge_automatically';
  /** Stripe includes it only when expanded (invoiceView). */
  confirmation_secret?: { client_secret: string; type: 'payment_intent' } | null;
  created: number;
  currency: 'usd';
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: null;
  description: null;
  discounts: string[];
  due_date: null;
  effective_at: number;
  ending_balance: number;
  hosted_invoice_url: string;
  invoice_pdf: string;
  lines: { object: 'list'; data: SandboxInvoiceLine[]; has_more: false; total_count: number; url: string };
  livemode: false;
  metadata: Record<string, string>;
  next_payment_attempt: number | null;
  number: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Record<string, string>; subscription: string };
  } | null;
  /** Stripe includes it only when expanded (invoiceView). */
  payments?: { object: 'list'; data: SandboxInvoicePayment[]; has_more: false; url: string };
  period_end: number;
  period_start: number;
  starting_balance: number;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  subtotal_excluding_tax: number;
  test_clock: string | null;
  total: number;
  total_discount_amounts: { amount: number; discount: string }[];
  total_excluding_tax: number;
  total_taxes: [];
}
