import { useState, type FormEvent } from 'react';
import { CardPaymentError, confirmSandboxPayment } from '../../../api/stripeSandbox';
import { PayButton } from './PayButton';
import { toastPaymentFailed } from './checkoutToasts';
import { readSandboxCard, SANDBOX_TEST_CARDS } from './sandboxCard';
import { SandboxCardFields, useSandboxCard } from './SandboxCardFields';

interface SandboxCardFormProps {
  /** The sandbox's publishable key, from the payments config. */
  publishableKey: string;
  paymentIntentId: string;
  clientSecret: string;
  amountCents: number;
  onProcessingChange: (processing: boolean) => void;
  /** The sandbox confirmed the payment. */
  onPaid: () => void;
}

/**
 * The card form of sandbox mode: plain fields whose card goes to the local Stripe sandbox the way
 * Stripe.js would send it to Stripe. Marked as a sandbox, prefilled with the test card that succeeds.
 */
export function SandboxCardForm({
  publishableKey,
  paymentIntentId,
  clientSecret,
  amountCents,
  onProcessingChange,
  onPaid,
}: SandboxCardFormProps) {
  const card = useSandboxCard();
  const [processing, setProcessing] = useState(false);
  const busy = (on: boolean) => {
    setProcessing(on);
    onProcessingChange(on);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (processing) return;
    const read = readSandboxCard(card.values);
    if (!read.ok) return card.setErrors(read.errors);
    busy(true);
    try {
      await confirmSandboxPayment({ publishableKey, paymentIntentId, clientSecret }, read.card);
    } catch (err) {
      busy(false);
      toastPaymentFailed(
        err instanceof CardPaymentError ? err.message : 'Your payment could not be processed.',
      );
      return;
    }
    onPaid();
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Card payment">
      <SandboxCardFields
        card={card}
        disabled={processing}
        idPrefix="sandbox-card"
        purpose="No real card is charged: payments go to a local stand-in for the card payment provider."
        testCards={[
          [SANDBOX_TEST_CARDS.succeeds, 'succeeds'],
          [SANDBOX_TEST_CARDS.declined, 'is declined'],
        ]}
      />
      <div style={{ marginTop: 16 }}>
        <PayButton amountCents={amountCents} processing={processing} />
      </div>
    </form>
  );
}
