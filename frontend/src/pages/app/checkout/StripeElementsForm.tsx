import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { PayButton } from './PayButton';
import { toastPaymentFailed } from './checkoutToasts';

interface StripeElementsFormProps {
  publishableKey: string;
  clientSecret: string;
  amountCents: number;
  onProcessingChange: (processing: boolean) => void;
  /** Stripe confirmed the payment without needing a redirect. */
  onPaid: () => void;
}

// Stripe.js is fetched from Stripe once per key, and only when this form first renders (this
// module is itself loaded only when the server has a publishable key).
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) stripeByKey.set(publishableKey, (stripe = loadStripe(publishableKey)));
  return stripe;
}

const NOT_COMPLETED = 'Your payment was not completed. Please try again.';

function ElementsPayForm({
  amountCents,
  onProcessingChange,
  onPaid,
}: Omit<StripeElementsFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);

  // A coupon changes the intent's amount on the server; the Payment Element re-reads it.
  useEffect(() => {
    void elements?.fetchUpdates();
  }, [elements, amountCents]);

  const busy = (on: boolean) => {
    setProcessing(on);
    onProcessingChange(on);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || processing) return;
    busy(true);
    const result = await stripe.confirmPayment({
      elements,
      // Spec §7: confirm without leaving the page unless the payment method requires it; a
      // redirect comes back to the site root.
      confirmParams: { return_url: `${window.location.origin}/` },
      redirect: 'if_required',
    });
    if (result.error || result.paymentIntent?.status !== 'succeeded') {
      busy(false);
      toastPaymentFailed(result.error?.message || NOT_COMPLETED);
      return;
    }
    onPaid();
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Card payment">
      <PaymentElement />
      <div style={{ marginTop: 16 }}>
        <PayButton amountCents={amountCents} processing={processing} disabled={!stripe || !elements} />
      </div>
    </form>
  );
}

/** Stripe's own Payment Element for the intent, used whenever real Stripe keys are configured. */
export function StripeElementsForm({ publishableKey, clientSecret, ...form }: StripeElementsFormProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    // Elements binds its client secret once: a new intent (a coupon replaced the invoice) needs a new form.
    <Elements
      key={clientSecret}
      stripe={stripe}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#4f46e5' } } }}
    >
      <ElementsPayForm {...form} />
    </Elements>
  );
}
