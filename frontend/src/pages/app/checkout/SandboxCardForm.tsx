import { useState, type FormEvent } from 'react';
import { Button, Tag } from 'antd';
import { CardPaymentError, confirmSandboxPayment } from '../../../api/stripeSandbox';
import { TextField } from '../../../components/form/TextField';
import { PayButton } from './PayButton';
import { toastPaymentFailed } from './checkoutToasts';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  readSandboxCard,
  SANDBOX_TEST_CARDS,
  type SandboxCardErrors,
  type SandboxCardValues,
} from './sandboxCard';

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

/** An expiry a few years ahead, so the prefilled test card is valid whenever the page is opened. */
const futureExpiry = () => `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

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
  const [values, setValues] = useState<SandboxCardValues>(() => ({
    number: SANDBOX_TEST_CARDS.succeeds,
    expiry: futureExpiry(),
    cvc: '123',
  }));
  const [errors, setErrors] = useState<SandboxCardErrors>({});
  const [processing, setProcessing] = useState(false);

  const setField = (name: keyof SandboxCardValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const card = { values, errors, setField };
  const busy = (on: boolean) => {
    setProcessing(on);
    onProcessingChange(on);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (processing) return;
    const read = readSandboxCard(values);
    if (!read.ok) return setErrors(read.errors);
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

  const testCard = (number: string) => (
    <Button type="link" disabled={processing} onClick={() => setField('number', number)}>
      {number}
    </Button>
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Card payment">
      <fieldset className="rc-checkout-sandbox" disabled={processing}>
        <legend>
          <Tag color="gold">Sandbox mode</Tag> Test card form
        </legend>
        <p className="rc-checkout-sandbox-note">
          No real card is charged: payments go to a local stand-in for the card payment provider. Test cards:{' '}
          {testCard(SANDBOX_TEST_CARDS.succeeds)} succeeds; {testCard(SANDBOX_TEST_CARDS.declined)} is
          declined. Any future expiry date and any CVC work.
        </p>
        <div className="rc-checkout-card-fields">
          <TextField
            form={card}
            name="number"
            id="sandbox-card-number"
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            format={formatCardNumber}
          />
          <TextField
            form={card}
            name="expiry"
            id="sandbox-card-expiry"
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            format={formatExpiry}
          />
          <TextField
            form={card}
            name="cvc"
            id="sandbox-card-cvc"
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            format={formatCvc}
          />
        </div>
      </fieldset>
      <div style={{ marginTop: 16 }}>
        <PayButton amountCents={amountCents} processing={processing} />
      </div>
    </form>
  );
}
