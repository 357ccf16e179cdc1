import { formatCents, type Coupon } from '@ringcast/shared-types';

/** "10% off" or "$25.00 off" (amount_off is in cents), or null when the coupon states neither. */
export function couponDiscountText(coupon: Coupon): string | null {
  if (coupon.percent_off) return `${coupon.percent_off}% off`;
  if (coupon.amount_off) return `${formatCents(coupon.amount_off)} off`;
  return null;
}

/** The 'Coupon Applied' toast's text (spec §8): the coupon's name with what it takes off. */
export function couponAppliedText(coupon: Coupon): string {
  const discount = couponDiscountText(coupon);
  if (!discount) return 'Discount applied';
  const name = coupon.name?.trim() || coupon.id;
  return `${name}: ${discount}`;
}
