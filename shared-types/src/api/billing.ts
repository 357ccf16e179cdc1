import { boolean, number, object, string, type InferType } from 'yup';
import { VOLUME_CHOICES } from '../logic/pricing';
import { adminListQuerySchema } from './admin';
import { recordId } from './ids';

/**
 * Monthly billing (Stripe Billing). Each paid campaign is one subscription on its owner's Stripe
 * customer; these are the shapes of the billing API and its pushes. Dollars are strings with two
 * decimals ("80.00"), times ISO 8601 strings.
 */

/** A subscription's state as Ringcast shows it (Stripe's statuses that can reach a campaign). */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'canceled', 'unpaid'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** An invoice's status, as Stripe names it. */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface BillingCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface BillingSubscription {
  campaignId: number;
  /** The campaign's name, for the Billing section's rows. */
  campaignName: string;
  status: SubscriptionStatus;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  monthlyCallVolume: number;
  /** "Keep calling past the package": calls past it are metered and billed on the next invoice. */
  overage: boolean;
  /** The package plus the number, per month. */
  monthlyAmount: string;
  /** Whether the plan includes the $20/month number. */
  providedNumber: boolean;
  nextInvoice: { date: string; amount: string } | null;
}

export interface BillingInvoice {
  id: string;
  number: string | null;
  campaignId: number | null;
  status: InvoiceStatus;
  total: string;
  amountPaid: string;
  periodStart: string | null;
  periodEnd: string | null;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
  createdAt: string;
}

/** GET /api/billing. Invoices newest first. */
export interface BillingOverview {
  card: BillingCard | null;
  /** Prepaid credit left at Stripe (customer.balance, as a positive amount). */
  creditBalance: string;
  subscriptions: BillingSubscription[];
  invoices: BillingInvoice[];
}

/** POST /api/billing/setup-intent. */
export interface SetupIntentResponse {
  clientSecret: string;
  setupIntentId: string;
}

/** POST /api/billing/payment-method: makes the confirmed SetupIntent's card the default and pays open invoices. */
export const billingPaymentMethodSchema = object({
  setupIntentId: string()
    .trim()
    .required('setupIntentId is required')
    .matches(/^seti_[A-Za-z0-9_]{1,120}$/, 'setupIntentId must be a setup intent id (seti_...)'),
});
export type BillingPaymentMethodInput = InferType<typeof billingPaymentMethodSchema>;

/** PUT /api/campaigns/:id/plan. More calls take effect at once (prorated); fewer from the next period. */
export const campaignPlanSchema = object({
  monthlyCallVolume: number()
    .typeError('monthlyCallVolume must be a number')
    .oneOf([...VOLUME_CHOICES], `monthlyCallVolume must be one of ${VOLUME_CHOICES.join(', ')}`)
    .optional(),
  overage: boolean().typeError('overage must be true or false').optional(),
})
  .noUnknown('Only monthlyCallVolume and overage can be changed here')
  .test('something', 'Send monthlyCallVolume or overage', (value) =>
    Boolean(value && (value.monthlyCallVolume !== undefined || value.overage !== undefined)),
  );
export type CampaignPlanInput = InferType<typeof campaignPlanSchema>;

/** POST /api/admin/sandbox/billing-clock (sandbox mode only): advance a user's Stripe test clock. */
export const billingClockSchema = object({
  userId: recordId().required('userId is required'),
  days: number()
    .typeError('days must be a number')
    .integer('days must be a whole number')
    .min(1, 'days must be at least 1')
    .max(366, 'days must be at most 366')
    .required('days is required'),
});
export type BillingClockInput = InferType<typeof billingClockSchema>;

export interface BillingClockResponse {
  /** The user's billing clock after advancing, ISO 8601. */
  frozenTime: string;
}

/** The `billing:updated` push: one campaign's subscription and its newest invoice, to the owner and admins. */
export interface BillingUpdate {
  campaignId: number;
  userId: number;
  subscription: BillingSubscription | null;
  latestInvoice: BillingInvoice | null;
}

/** An invoice as the admin Payments tab lists it next to one-time payments. */
export interface AdminInvoice extends BillingInvoice {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  campaignName: string | null;
}

/**
 * GET /api/admin/invoices?status=&q=&page=&pageSize=: a plain array of AdminInvoice, newest first,
 * the total in X-Total-Count, like every admin list.
 */
export const adminInvoiceQuerySchema = adminListQuerySchema.shape({
  status: string()
    .oneOf([...INVOICE_STATUSES], `status must be one of ${INVOICE_STATUSES.join(', ')}`)
    .optional(),
});
export type AdminInvoiceQuery = InferType<typeof adminInvoiceQuerySchema>;

/** Overview tiles for billing (GET /api/admin/overview carries them as `billing`). */
export interface AdminBillingStats {
  /** Monthly recurring revenue: the sum of active subscriptions' monthly amounts. */
  monthlyRecurringRevenue: string;
  pastDueCampaigns: number;
  cancellationsThisMonth: number;
}

/** What the billing screens and endpoints say. */
export const BILLING_MESSAGES = {
  pastDue: 'Payment failed: calling is stopped until the card is updated.',
  updateCard: 'Update card',
  cancelsOn: (date: string) => `Cancels on ${date}`,
  notSubscribed: 'This campaign has no subscription yet.',
  alreadyCanceled: 'This campaign is canceled.',
  notCanceling: 'This campaign is not set to cancel.',
  setupIntentNotSucceeded: 'The card has not been confirmed yet.',
  prepaidCredit: 'Prepaid credit',
  clockSandboxOnly: 'Not found',
} as const;
