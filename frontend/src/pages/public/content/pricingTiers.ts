import { formatCents, MINIMUM_CHECKOUT_CENTS } from '@ringcast/shared-types';
import { tierBands } from '../../../components/public/priceTiers';

export interface PricingTier {
  name: string;
  /** "Up to 2,000 calls" */
  range: string;
  /** "$0.80" */
  rate: string;
  pitch: string;
  features: readonly string[];
  highlighted?: boolean;
}

const TIER_COPY = [
  {
    name: 'Starter',
    pitch: 'For a first campaign or a steady stream of reminders and follow-ups.',
    features: [
      'Custom AI agent built and tested by our team',
      'Human-like female or male voice',
      'Real-time analytics dashboard',
      'Campaign results exported as CSV',
    ],
  },
  {
    name: 'Growth',
    pitch: 'For teams running lead generation and retention every month.',
    features: [
      'Everything in Starter',
      'Lower rate on every call past 2,000',
      'Multiple campaigns running side by side',
      '24/7 inbound answering and routing',
    ],
    highlighted: true,
  },
  {
    name: 'Scale',
    pitch: 'For high-volume outreach across locations, lists and campaigns.',
    features: [
      'Everything in Growth',
      'Our lowest rate on every call past 5,000',
      'Ongoing script tuning and agent maintenance',
      'Priority support from our team',
    ],
  },
] as const;

/** Starter, Growth and Scale: names and copy here, ranges and rates from the shared price tiers. */
export const PRICING_TIERS: readonly PricingTier[] = tierBands().map((band, index) => ({
  ...TIER_COPY[index],
  range: band.range,
  rate: band.rate,
}));

/**
 * The minimum first payment explained in one sentence (pricing page and FAQ): what the plan does not
 * use is the customer's credit, so "no monthly minimum" holds.
 */
export const MINIMUM_PAYMENT_SENTENCE = `The first payment is at least ${formatCents(MINIMUM_CHECKOUT_CENTS, { dropZeroCents: true })}, which is not a monthly minimum: what your plan does not use stays as credit on your next invoices.`;

/** Terms that hold on every tier. */
export const PRICING_TERMS = [
  'Month-to-month, no cancellation fees',
  'No setup fees',
  'No monthly minimum',
  'No credit card needed until your first campaign launches',
] as const;
