import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Spin } from 'antd';
import { awaitsPayment } from '@ringcast/shared-types';
import { ButtonLink } from '../../../components/ButtonLink';
import {
  ScriptPlaceholderWarning,
  scriptStepPath,
} from '../../../components/campaigns/ScriptPlaceholderWarning';
import { usePageMeta } from '../../../components/usePageMeta';
import { CallPricingCard } from './CallPricingCard';
import { CheckoutUnavailable, PaymentComplete } from './CheckoutNotice';
import { OrderSummary } from './OrderSummary';
import { PaymentPanel } from './PaymentPanel';
import { parseCheckoutParams } from './checkoutParams';
import { useCheckoutCampaign } from './useCheckoutCampaign';
import { useCompletePayment } from './useCompletePayment';
import { usePaymentIntent } from './usePaymentIntent';
import './checkout.css';

/** The checkout of one campaign: its order summary and pricing beside the payment form. */
function Checkout({ campaignId, amountDollars }: { campaignId: number; amountDollars: number }) {
  const lookup = useCheckoutCampaign(campaignId);
  const { intent, applyCoupon } = usePaymentIntent(campaignId, amountDollars);
  const campaign = lookup.status === 'found' ? lookup.campaign : null;
  const { phase, complete } = useCompletePayment(
    intent.status === 'ready' ? intent.paymentIntentId : null,
    campaign?.name ?? '',
  );

  // Once paid, the campaign turns active: the outcome stays on screen rather than 'Already paid'.
  if (phase !== 'unpaid') return <PaymentComplete phase={phase} campaignName={campaign?.name ?? ''} />;
  if (lookup.status === 'missing' || intent.status === 'missing')
    return <CheckoutUnavailable reason="missing" />;
  if (intent.status === 'paid') return <CheckoutUnavailable reason="paid" message={intent.message} />;
  if (intent.status === 'incomplete')
    return <CheckoutUnavailable reason="incomplete" message={intent.message} campaignId={campaignId} />;
  if (campaign && !awaitsPayment(campaign)) return <CheckoutUnavailable reason="paid" />;
  if (lookup.status === 'error') return <CheckoutUnavailable reason="error" />;

  const ready = intent.status === 'ready' ? intent : null;
  return (
    <>
      {campaign && (
        <ScriptPlaceholderWarning
          scripts={campaign}
          fix={<ButtonLink to={scriptStepPath(campaign.id)}>Fix the scripts</ButtonLink>}
        />
      )}
      <div className="rc-checkout">
        {campaign ? (
          <OrderSummary
            campaign={campaign}
            amountCents={ready?.amountCents ?? null}
            coupon={ready?.coupon ?? null}
          />
        ) : (
          <section className="rc-checkout-card rc-checkout-summary" aria-busy="true">
            <Spin style={{ display: 'block', margin: '24px auto' }} />
          </section>
        )}
        <PaymentPanel intent={intent} onApplyCoupon={applyCoupon} onPaid={() => void complete()} />
        <CallPricingCard monthlyCalls={campaign?.monthlyCallVolume ?? null} />
      </div>
    </>
  );
}

export function CheckoutPage() {
  usePageMeta({
    title: 'Checkout | Ringcast',
    description: 'Complete the payment for your Ringcast campaign securely.',
  });
  const [search] = useSearchParams();
  const { campaignId, amountDollars } = useMemo(() => parseCheckoutParams(search), [search]);

  return (
    <>
      <header className="rc-page-header">
        <div>
          <h1 className="rc-page-title">Complete Your Payment</h1>
          <p className="rc-page-subtitle">Review your order and pay to launch your campaign.</p>
        </div>
      </header>
      {campaignId === null ? (
        <CheckoutUnavailable reason="missing" />
      ) : (
        <Checkout key={campaignId} campaignId={campaignId} amountDollars={amountDollars} />
      )}
    </>
  );
}
