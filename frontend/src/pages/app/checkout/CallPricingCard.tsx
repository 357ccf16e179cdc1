import { callCostCents, formatCents } from '@ringcast/shared-types';
import { tierBands } from '../../../components/public/priceTiers';
import { CheckoutCard } from './CheckoutCard';

/** The per-call rates (spec §9) and what they come to for this campaign's monthly volume. */
export function CallPricingCard({ monthlyCalls }: { monthlyCalls: number | null }) {
  const calls = monthlyCalls ?? 0;
  const cost = callCostCents(calls);
  return (
    <CheckoutCard name="pricing" title="Call Pricing">
      <ul className="rc-checkout-tiers">
        {tierBands().map((band) => (
          <li key={band.from}>
            <span>{band.range}</span>
            <strong>
              {band.rate}
              <span className="rc-checkout-tier-unit"> /call</span>
            </strong>
          </li>
        ))}
      </ul>
      <p className="rc-checkout-hint">
        Each call is charged at the rate of its band, so volume discounts apply automatically.
        {calls > 0 &&
          ` Your ${calls.toLocaleString('en-US')} calls a month come to ${formatCents(cost)}` +
            ` (${formatCents(cost / calls, { digits: 3 })} per call on average).`}
      </p>
    </CheckoutCard>
  );
}
