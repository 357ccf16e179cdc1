import { useState } from 'react';
import { Alert, Button } from 'antd';
import { forgotPasswordSchema } from '@ringcast/shared-types';
import { requestPasswordReset } from '../../api/passwordReset';
import { useValidatedForm } from '../../components/form/useValidatedForm';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { AuthSubmitButton, EmailField } from './authForm';

interface ForgotPasswordFormProps {
  /** What was typed on the Sign In form, to start from. */
  initialEmail: string;
  onBack: () => void;
}

/**
 * "Forgot password?": asks for a reset link. The answer is the same whether or not the address
 * has an account, so it is shown as given, in place of the form.
 */
export function ForgotPasswordForm({ initialEmail, onBack }: ForgotPasswordFormProps) {
  const form = useValidatedForm(forgotPasswordSchema, { email: initialEmail });
  const [answer, setAnswer] = useState<string | null>(null);
  const { pending, onSubmit } = useFormSubmit(
    form,
    async ({ email }) => setAnswer((await requestPasswordReset(email)).message),
    'Please try again in a moment.',
    'Could not send the link',
  );

  const back = (
    <Button type="link" className="rc-auth-link" onClick={onBack}>
      Back to Sign In
    </Button>
  );

  if (answer) {
    return (
      <div className="rc-auth-form" aria-live="polite">
        <Alert
          type="success"
          showIcon
          title="Check your email"
          description={`${answer} It works for an hour. Check your spam folder if it does not arrive.`}
        />
        {back}
      </div>
    );
  }

  return (
    <form className="rc-auth-form" noValidate onSubmit={onSubmit}>
      <EmailField form={form} id="forgot-email" />
      <AuthSubmitButton pending={pending} label="Send Reset Link" busyLabel="Sending..." />
      {back}
    </form>
  );
}
