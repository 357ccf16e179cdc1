import { Spin } from 'antd';
import {
  BILLING_MESSAGES,
  campaignCosts,
  checkoutTotalCents,
  formatCents,
  MINIMUM_CHECKOUT_CENTS,
  prepaidCreditCents,
  type Campaign,
  type Coupon,
} from '@ringcast/shared-types';
import { couponDiscountText } from './couponText';
import { CheckoutCard } from './CheckoutCard';

interface OrderSummaryProps {
  campaign: Campaign;
  /** The server's amount in cents (after the coupon), or null until the payment is ready. */
  amountCents: number | null;
  coupon: Coupon | null;
}

/**
 * What this campaign's payment is made of, line by line from the shared pricing. The total is the
 * server's amount, never one computed here or taken from the link.
 */
export function OrderSummary({ campaign, amountCents, coupon }: OrderSummaryProps) {
  const costs = campaignCosts(campaign);
  const beforeCoupon = checkoutTotalCents(campaign);
  const calls = campaign.monthlyCallVolume ?? 0;
  const lines: [string, string, string?][] = [['Campaign Setup', 'Included', 'rc-checkout-included']];
  if (costs.prospectListCents > 0)
    lines.push(['Prospect List (Optional)', formatCents(costs.prospectListCents)]);
  lines.push([
    `Monthly Calls (${calls.toLocaleString('en-US')} calls)`,
    formatCents(costs.callsMonthlyCents),
  ]);
  if (costs.phoneNumberMonthlyCents > 0)
    lines.push(['Phone Number (monthly)', formatCents(costs.phoneNumberMonthlyCents)]);
  // The part of the minimum first payment the first month does not use: credit for the next
  // invoices, shown as its own line so the rows add up to the total.
  const creditCents = prepaidCreditCents(campaign);
  if (creditCents > 0)
    lines.push([BILLING_MESSAGES.prepaidCredit, formatCents(creditCents), 'rc-checkout-credit']);
  if (coupon) {
    const discount = amountCents === null ? 0 : Math.max(0, beforeCoupon - amountCents);
    const off = couponDiscountText(coupon);
    lines.push([
      `Coupon ${coupon.name?.trim() || coupon.id}${off ? ` (${off})` : ''}`,
      `-${formatCents(discount)}`,
      'rc-checkout-discount',
    ]);
  }

  return (
    <CheckoutCard name="summary" title="Order Summary">
      <p className="rc-checkout-campaign">
        Campaign: <strong>{campaign.name}</strong>
      </p>
      <table className="rc-checkout-lines">
        <tbody>
          {lines.map(([label, value, className]) => (
            <tr key={label} className={className}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
          <tr className="rc-checkout-total">
            <th scope="row">Total Due Today</th>
            <td>
              {amountCents === null ? (
                <Spin size="small" aria-label="Calculating total" />
              ) : (
                formatCents(amountCents)
              )}
            </td>
          </tr>
        </tbody>
      </table>
      {creditCents > 0 && (
        <p className="rc-checkout-hint">
          The minimum first payment is {formatCents(MINIMUM_CHECKOUT_CENTS)}. It is not a monthly minimum: the{' '}
          {formatCents(creditCents)} your first month does not use stays as credit on your next invoices.
        </p>
      )}
      <p className="rc-checkout-hint">
        Due today: the one-time costs and your first month. Then the plan renews monthly; cancel any time.
      </p>
    </CheckoutCard>
  );
}
