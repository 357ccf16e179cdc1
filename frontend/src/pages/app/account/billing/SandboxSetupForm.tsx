import { useState, type FormEvent } from 'react';
import { Button } from 'antd';
import {
  CardPaymentError,
  confirmSandboxSetup,
  type SandboxSetupAccess,
} from '../../../../api/stripeSandbox';
import { SandboxCardFields, useSandboxCard } from '../../checkout/SandboxCardFields';
import { readSandboxCard, SANDBOX_TEST_CARDS } from '../../checkout/sandboxCard';
import type { CardFormProps } from './cardForm';

/** The Billing section's card form in sandbox mode: saves the card on the SetupIntent at the sandbox. */
export function SandboxSetupForm({
  publishableKey,
  setupIntentId,
  clientSecret,
  onConfirmed,
  onFailed,
  onCancel,
}: SandboxSetupAccess & CardFormProps) {
  const card = useSandboxCard();
  const [saving, setSaving] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const read = readSandboxCard(card.values);
    if (!read.ok) return card.setErrors(read.errors);
    setSaving(true);
    try {
      await confirmSandboxSetup({ publishableKey, setupIntentId, clientSecret }, read.card);
    } catch (err) {
      setSaving(false);
      onFailed(err instanceof CardPaymentError ? err.message : 'Your card could not be saved.');
      return;
    }
    await onConfirmed(setupIntentId);
    setSaving(false);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Update card">
      <SandboxCardFields
        card={card}
        disabled={saving}
        idPrefix="billing-card"
        purpose="No real card is charged: cards go to a local stand-in for the card payment provider."
        testCards={[
          [SANDBOX_TEST_CARDS.succeeds, 'is saved and pays'],
          [SANDBOX_TEST_CARDS.chargesFail, 'is saved, but every charge on it fails'],
          [SANDBOX_TEST_CARDS.declined, 'is declined'],
        ]}
      />
      <div className="rc-billing-card-buttons">
        <Button type="primary" htmlType="submit" loading={saving}>
          Save card
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
