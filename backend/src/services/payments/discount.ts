/**
 * Coupon arithmetic, in cents. The $250 checkout minimum applies to the price before a coupon (it
 * is the smallest order we take); a coupon may bring the charge below it, but never below the
 * smallest amount Stripe can charge, so a large amount_off still leaves a payable intent.
 */
export const STRIPE_MINIMUM_CHARGE_CENTS = 50;

/** The parts of a coupon that set its discount (Stripe's field names; amount_off in cents). */
export interface DiscountTerms {
  percent_off: number | null;
  amount_off: number | null;
}

/** What the coupon takes off `baseCents`: a percentage rounded to the cent, or a fixed amount. */
export function discountCents(baseCents: number, terms: DiscountTerms): number {
  if (terms.percent_off) return Math.round((baseCents * terms.percent_off) / 100);
  if (terms.amount_off) return terms.amount_off;
  return 0;
}

/** The amount to charge after the coupon, never below Stripe's minimum charge. */
export function discountedAmountCents(baseCents: number, terms: DiscountTerms | null): number {
  if (!terms) return baseCents;
  return Math.max(
    Math.min(baseCents, STRIPE_MINIMUM_CHARGE_CENTS),
    baseCents - discountCents(baseCents, terms),
  );
}
