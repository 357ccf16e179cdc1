import { useState, type ReactNode } from 'react';
import { Button, Tag } from 'antd';
import { TextField } from '../../../components/form/TextField';
import {
  formatCardNumber,
  formatCvc,
  formatExpiry,
  initialSandboxCard,
  type SandboxCardErrors,
  type SandboxCardValues,
} from './sandboxCard';

/** The card fields' state: values, their errors and the setter the fields use. */
export function useSandboxCard() {
  const [values, setValues] = useState<SandboxCardValues>(initialSandboxCard);
  const [errors, setErrors] = useState<SandboxCardErrors>({});
  const setField = (name: keyof SandboxCardValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };
  return { values, errors, setErrors, setField };
}

interface SandboxCardFieldsProps {
  card: ReturnType<typeof useSandboxCard>;
  disabled: boolean;
  /** Ids of the inputs start with this (two forms may share a page). */
  idPrefix: string;
  /** The test cards to offer, each with what it does: "succeeds", "is declined". */
  testCards: [number: string, does: string][];
  /** What the form does with the card, as its first sentence. */
  purpose: string;
}

/**
 * The card fields of sandbox mode, marked as a sandbox, with Stripe's test card numbers to pick:
 * checkout's payment form and the Billing section's card form both use them.
 */
export function SandboxCardFields({ card, disabled, idPrefix, testCards, purpose }: SandboxCardFieldsProps) {
  const testCard = (number: string, does: string, last: boolean): ReactNode => (
    <span key={number}>
      <Button type="link" disabled={disabled} onClick={() => card.setField('number', number)}>
        {number}
      </Button>{' '}
      {does}
      {last ? '.' : '; '}
    </span>
  );
  return (
    <fieldset className="rc-checkout-sandbox" disabled={disabled}>
      <legend>
        <Tag color="gold">Sandbox mode</Tag> Test card form
      </legend>
      <p className="rc-checkout-sandbox-note">
        {purpose} Test cards:{' '}
        {testCards.map(([number, does], i) => testCard(number, does, i === testCards.length - 1))} Any future
        expiry date and any CVC work.
      </p>
      <div className="rc-checkout-card-fields">
        <TextField
          form={card}
          name="number"
          id={`${idPrefix}-number`}
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          format={formatCardNumber}
        />
        <TextField
          form={card}
          name="expiry"
          id={`${idPrefix}-expiry`}
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          format={formatExpiry}
        />
        <TextField
          form={card}
          name="cvc"
          id={`${idPrefix}-cvc`}
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          format={formatCvc}
        />
      </div>
    </fieldset>
  );
}
