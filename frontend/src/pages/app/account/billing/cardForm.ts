/** What the Billing section's card forms (sandbox and Stripe Elements) report back. */
export interface CardFormProps {
  /** The provider confirmed the SetupIntent: the server makes the card the default. */
  onConfirmed: (setupIntentId: string) => Promise<void>;
  /** The provider refused the card, in its words. */
  onFailed: (message: string) => void;
  onCancel: () => void;
}
