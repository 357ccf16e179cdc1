import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from 'antd';
import { RESET_LINK_MESSAGES, resetPasswordSchema } from '@ringcast/shared-types';
import { ApiError } from '../../api/client';
import { resetPassword } from '../../api/passwordReset';
import { useAuthStore } from '../../stores/authStore';
import { usePageMeta } from '../../components/usePageMeta';
import { Logo } from '../../components/Logo';
import { toast } from '../../components/toast/toastStore';
import { useValidatedForm } from '../../components/form/useValidatedForm';
import { useFormSubmit } from '../../components/form/useFormSubmit';
import { PasswordField } from './PasswordField';
import { AuthSubmitButton } from './authForm';
import { restoreHomeMeta } from './authMeta';
import './login.css';

const META = {
  title: 'Reset Password | Ringcast',
  description: 'Choose a new password for your Ringcast account.',
};

const LINK_REFUSALS: readonly string[] = Object.values(RESET_LINK_MESSAGES);

/** The link's own refusal (bad, used or expired), as opposed to a password the server refused. */
const linkRefusalOf = (err: unknown) =>
  err instanceof ApiError && err.status === 400 && LINK_REFUSALS.includes(err.serverMessage ?? '')
    ? err.serverMessage!
    : null;

/**
 * /reset-password?token=...: the page an emailed reset link opens. The new password twice, with
 * the sign-up form's rules; success signs this browser in (every other one is signed out) and goes
 * where signing in goes.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loadUser = useAuthStore((s) => s.loadUser);
  const form = useValidatedForm(resetPasswordSchema, {
    token: params.get('token') ?? '',
    password: '',
    confirmPassword: '',
  });
  const [showPassword, setShowPassword] = useState(false);
  const [showConfirm, setShowConfirm] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(
    form.values.token ? null : RESET_LINK_MESSAGES.invalid,
  );

  usePageMeta(META);
  useEffect(() => restoreHomeMeta, []);

  const { pending, onSubmit } = useFormSubmit(
    form,
    async (value) => {
      try {
        await resetPassword(value);
      } catch (err) {
        const linkRefusal = linkRefusalOf(err);
        if (linkRefusal) setRefusal(linkRefusal);
        throw err;
      }
      await loadUser();
      toast({ title: 'Password changed', description: "You're now signed in with your new password." });
      navigate('/', { replace: true });
    },
    'Please try again in a moment.',
    'Could not change the password',
  );

  return (
    <section className="rc-auth">
      <div className="rc-auth-card">
        <div className="rc-auth-heading rc-auth-heading-alone">
          <Logo size={36} />
          <h1>Choose a new password</h1>
          {!refusal && <p>Every other browser signed in to your account will be signed out.</p>}
        </div>
        {refusal ? (
          <div className="rc-auth-form" aria-live="polite">
            <Alert type="error" showIcon title="This link cannot be used" description={refusal} />
            <Link className="rc-auth-back" to="/login">
              Back to Sign In
            </Link>
          </div>
        ) : (
          <form className="rc-auth-form" noValidate onSubmit={onSubmit}>
            <PasswordField
              form={form}
              name="password"
              id="reset-password"
              label="New Password"
              autoComplete="new-password"
              visible={showPassword}
              onToggleVisible={() => setShowPassword((v) => !v)}
              toggleSubject="password"
            />
            <PasswordField
              form={form}
              name="confirmPassword"
              id="reset-confirm-password"
              label="Confirm Password"
              autoComplete="new-password"
              visible={showConfirm}
              onToggleVisible={() => setShowConfirm((v) => !v)}
              toggleSubject="confirmation"
            />
            <AuthSubmitButton pending={pending} label="Set New Password" busyLabel="Saving..." />
          </form>
        )}
      </div>
    </section>
  );
}
