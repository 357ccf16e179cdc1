import { lazy, Suspense, useState } from 'react';
import { Alert, Spin } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { Coupon } from '@ringcast/shared-types';
import { CouponForm } from './CouponForm';
import { SandboxCardForm } from './SandboxCardForm';
import type { IntentState, ReadyIntent } from './usePaymentIntent';
import { CheckoutCard } from './CheckoutCard';

// Stripe's libraries load only when real Stripe keys are configured, never in the sandbox and
// never with the rest of the site.
const StripeElementsForm = lazy(async () => ({
  default: (await import('./StripeElementsForm')).StripeElementsForm,
}));

function Preparing() {
  return (
    <div className="rc-checkout-preparing" aria-busy="true">
      <Spin size="large" />
      <span>Preparing your secure payment...</span>
    </div>
  );
}

interface CardFormProps {
  intent: ReadyIntent;
  onProcessingChange: (processing: boolean) => void;
  onPaid: () => void;
}

/** The sandbox's card form in sandbox mode; Stripe's Payment Element with Stripe's publishable key. */
function CardForm({ intent, ...handlers }: CardFormProps) {
  const { config, clientSecret, amountCents, paymentIntentId } = intent;
  if (config.sandbox && config.publishableKey)
    return (
      <SandboxCardForm
        publishableKey={config.publishableKey}
        paymentIntentId={paymentIntentId}
        clientSecret={clientSecret}
        amountCents={amountCents}
        {...handlers}
      />
    );
  if (config.publishableKey)
    return (
      <Suspense fallback={<Preparing />}>
        <StripeElementsForm
          publishableKey={config.publishableKey}
          clientSecret={clientSecret}
          amountCents={amountCents}
          {...handlers}
        />
      </Suspense>
    );
  return (
    <Alert type="error" showIcon title="Card payments are not available right now. Please try again later." />
  );
}

interface PaymentPanelProps {
  intent: IntentState;
  onApplyCoupon: (couponCode: string) => Promise<Coupon>;
  onPaid: () => void;
}

/**
 * The payment form: a spinner while the intent is created (it stays if that fails, as the spec
 * says), then the coupon field and the card form of the configured provider.
 */
export function PaymentPanel({ intent, onApplyCoupon, onPaid }: PaymentPanelProps) {
  const [processing, setProcessing] = useState(false);
  const ready = intent.status === 'ready' ? intent : null;

  return (
    <CheckoutCard name="payment" title="Payment Details" titleStyle={{ margin: 0 }}>
      {ready ? (
        <>
          <CouponForm applied={ready.coupon} onApply={onApplyCoupon} disabled={processing} />
          <CardForm intent={ready} onProcessingChange={setProcessing} onPaid={onPaid} />
        </>
      ) : (
        <Preparing />
      )}
      <p className="rc-checkout-secure">
        <LockOutlined aria-hidden />
        <span>
          Your payment is processed securely by our card payment provider, Stripe. Your card details are never
          stored on our servers.
        </span>
      </p>
    </CheckoutCard>
  );
}
