/**
 * Call pricing: graduated (marginal) tiers. The first 2,000 calls cost $0.80 each, calls 2,001-5,000
 * $0.60, every call above 5,000 $0.50. Computed in cents so totals never carry float error.
 */
export const PRICE_TIERS = [
  { upTo: 2000, cents: 80 },
  { upTo: 5000, cents: 60 },
  { upTo: Infinity, cents: 50 },
] as const;

export const BASE_RATE_CENTS = 80;
export const PHONE_NUMBER_MONTHLY_CENTS = 2000;
export const TARGETED_LIST_CENTS = 25000;
export const MINIMUM_CHECKOUT_CENTS = 25000;
export const VOLUME_CHOICES = [100, 250, 500, 1000, 2000, 3000, 5000, 10000] as const;

/** Monthly cost of `calls` calls in cents. */
export function callCostCents(calls: number): number {
  const volume = Math.max(0, Math.floor(calls));
  let remaining = volume;
  let lower = 0;
  let total = 0;
  for (const tier of PRICE_TIERS) {
    const inTier = Math.min(remaining, tier.upTo - lower);
    total += inTier * tier.cents;
    remaining -= inTier;
    lower = tier.upTo;
    if (remaining <= 0) break;
  }
  return total;
}

/** What the volume discount saves against paying the base rate for every call, in cents. */
export function volumeSavingsCents(calls: number): number {
  return Math.max(0, Math.floor(calls)) * BASE_RATE_CENTS - callCostCents(calls);
}

/** What the pricing of a campaign depends on: its list option, monthly volume and phone choice. */
export interface PricedDraft {
  /** false: a targeted list bought from us; true: the user's own list; null: not chosen yet. */
  hasProvidedList: boolean | null | undefined;
  monthlyCallVolume: number | null | undefined;
  /** true: we provide a number for $20/month. */
  useProvidedNumber: boolean | null | undefined;
}

export interface CampaignCosts {
  /** One-time: the targeted prospect list. */
  prospectListCents: number;
  callsMonthlyCents: number;
  phoneNumberMonthlyCents: number;
  /** Everything paid once at setup (campaign setup itself is included). */
  setupTotalCents: number;
  monthlyTotalCents: number;
}

export const prospectListCents = (hasProvidedList: boolean | null | undefined) =>
  hasProvidedList === false ? TARGETED_LIST_CENTS : 0;

/** The review step's cost breakdown. */
export function campaignCosts(draft: PricedDraft): CampaignCosts {
  const listCents = prospectListCents(draft.hasProvidedList);
  const callsMonthlyCents = callCostCents(draft.monthlyCallVolume ?? 0);
  const phoneNumberMonthlyCents = draft.useProvidedNumber ? PHONE_NUMBER_MONTHLY_CENTS : 0;
  return {
    prospectListCents: listCents,
    callsMonthlyCents,
    phoneNumberMonthlyCents,
    setupTotalCents: listCents,
    monthlyTotalCents: callsMonthlyCents + phoneNumberMonthlyCents,
  };
}

/**
 * What checkout charges for a campaign: the one-time list cost plus the first month, each counted
 * once, and never less than the minimum checkout amount. The wizard and the server both use this.
 */
export function checkoutTotalCents(draft: PricedDraft): number {
  const costs = campaignCosts(draft);
  return Math.max(MINIMUM_CHECKOUT_CENTS, costs.setupTotalCents + costs.monthlyTotalCents);
}

/**
 * The part of the checkout total that buys nothing yet: the minimum first payment less the list
 * and the first month. It becomes the customer's credit at Stripe and pays the next invoices, so
 * "no monthly minimum" holds.
 */
export function prepaidCreditCents(draft: PricedDraft): number {
  const costs = campaignCosts(draft);
  return checkoutTotalCents(draft) - (costs.setupTotalCents + costs.monthlyTotalCents);
}
