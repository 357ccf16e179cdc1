import { useMemo, useState, type FormEvent } from 'react';
import { Button } from 'antd';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import type { CardFormProps } from './cardForm';

interface StripeSetupFormProps extends CardFormProps {
  publishableKey: string;
  clientSecret: string;
  setupIntentId: string;
}

function SetupForm({
  setupIntentId,
  onConfirmed,
  onFailed,
  onCancel,
}: Omit<StripeSetupFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [saving, setSaving] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || saving) return;
    setSaving(true);
    const result = await stripe.confirmSetup({
      elements,
      // A card that needs its bank's check comes back to the Billing section.
      confirmParams: { return_url: `${window.location.origin}/account#billing` },
      redirect: 'if_required',
    });
    if (result.error || result.setupIntent?.status !== 'succeeded') {
      setSaving(false);
      onFailed(result.error?.message || 'Your card could not be saved. Please try again.');
      return;
    }
    await onConfirmed(result.setupIntent.id || setupIntentId);
    setSaving(false);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Update card">
      <PaymentElement />
      <div className="rc-billing-card-buttons">
        <Button type="primary" htmlType="submit" loading={saving} disabled={!stripe || !elements}>
          Save card
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Stripe's Payment Element on a SetupIntent, used whenever real Stripe keys are configured. */
export function StripeSetupForm({ publishableKey, clientSecret, ...form }: StripeSetupFormProps) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements
      key={clientSecret}
      stripe={stripe}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#4f46e5' } } }}
    >
      <SetupForm {...form} />
    </Elements>
  );
}
