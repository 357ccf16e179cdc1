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

export const centsToDollars = (cents: number) => cents / 100;

/** "$1,600" for whole dollars, "$1,600.50" otherwise. */
export function formatDollars(cents: number, alwaysCents = false): string {
  const dollars = cents / 100;
  const whole = Number.isInteger(dollars) && !alwaysCents;
  return `$${dollars.toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  })}`;
}
