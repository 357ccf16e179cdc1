/**
 * The sandbox's coupons and promotion codes: a small fixed set, as if created in a Stripe
 * dashboard. Customers type the promotion code; a coupon id works too, as on Stripe.
 */
const SEEDED_AT = 1_735_689_600; // 2025-01-01T00:00:00Z

interface SeedCoupon {
  id: string;
  name: string;
  percent_off?: number;
  amount_off?: number;
  /** false: expired or used up; Stripe still returns it, with valid false. */
  valid?: boolean;
  redeem_by?: number;
}

const COUPONS: SeedCoupon[] = [
  { id: 'WELCOME10', name: 'Welcome 10%', percent_off: 10 },
  { id: 'SAVE50', name: 'Save $50', amount_off: 5000 },
  // Reachable only by its coupon id: there is no promotion code for it.
  { id: 'TEAM25', name: 'Team 25%', percent_off: 25 },
  { id: 'EXPIRED20', name: 'Expired 20%', percent_off: 20, valid: false, redeem_by: SEEDED_AT + 86_400 },
];

const PROMOTION_CODES = [
  { id: 'promo_sandbox_welcome10', code: 'WELCOME10', coupon: 'WELCOME10', active: true },
  { id: 'promo_sandbox_save50', code: 'SAVE50', coupon: 'SAVE50', active: true },
  { id: 'promo_sandbox_expired20', code: 'EXPIRED20', coupon: 'EXPIRED20', active: false },
  { id: 'promo_sandbox_spring', code: 'SPRING15', coupon: 'WELCOME10', active: false },
];

/** A coupon in Stripe's shape. */
function couponObject(seed: SeedCoupon) {
  return {
    id: seed.id,
    object: 'coupon' as const,
    amount_off: seed.amount_off ?? null,
    created: SEEDED_AT,
    currency: seed.amount_off ? 'usd' : null,
    duration: 'once' as const,
    duration_in_months: null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    name: seed.name,
    percent_off: seed.percent_off ?? null,
    redeem_by: seed.redeem_by ?? null,
    times_redeemed: 0,
    valid: seed.valid ?? true,
  };
}

export type SandboxCoupon = ReturnType<typeof couponObject>;

/** Coupon ids are case-sensitive on Stripe. */
export function findCoupon(id: string): SandboxCoupon | undefined {
  const seed = COUPONS.find((c) => c.id === id);
  return seed && couponObject(seed);
}

function promotionCodeObject(promo: (typeof PROMOTION_CODES)[number], expandCoupon: boolean) {
  return {
    id: promo.id,
    object: 'promotion_code' as const,
    active: promo.active,
    code: promo.code,
    created: SEEDED_AT,
    customer: null,
    customer_account: null,
    expires_at: null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    promotion: { type: 'coupon' as const, coupon: expandCoupon ? findCoupon(promo.coupon)! : promo.coupon },
    restrictions: {
      first_time_transaction: false,
      minimum_amount: null,
      minimum_amount_currency: null,
    },
    times_redeemed: 0,
  };
}

/** Promotion codes match regardless of case, as Stripe's customer-facing codes do. */
export function listPromotionCodes(filter: { code?: string; active?: boolean; expandCoupon: boolean }) {
  return PROMOTION_CODES.filter(
    (promo) =>
      (filter.code === undefined || promo.code.toLowerCase() === filter.code.toLowerCase()) &&
      (filter.active === undefined || promo.active === filter.active),
  ).map((promo) => promotionCodeObject(promo, filter.expandCoupon));
}
