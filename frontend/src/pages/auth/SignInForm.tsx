import { Button } from 'antd';
import { loginSchema } from '@ringcast/shared-types';
import { useAuthStore } from '../../stores/authStore';
import { PasswordField } from './PasswordField';
import { useValidatedForm } from '../../components/form/useValidatedForm';
import { AuthSubmitButton, EmailField, useAuthSubmit } from './authForm';

interface SignInFormProps {
  showPassword: boolean;
  onTogglePassword: () => void;
  /** Opens the reset form, starting from the email typed so far. */
  onForgotPassword: (email: string) => void;
}

export function SignInForm({ showPassword, onTogglePassword, onForgotPassword }: SignInFormProps) {
  const login = useAuthStore((s) => s.login);
  const form = useValidatedForm(loginSchema, { email: '', password: '' });
  const { pending, onSubmit } = useAuthSubmit(
    form,
    login,
    { title: 'Welcome back!', description: "You've been successfully logged in." },
    { title: 'Login failed', fallback: 'Please check your credentials and try again.' },
  );

  return (
    <form className="rc-auth-form" noValidate onSubmit={onSubmit}>
      <EmailField form={form} id="login-email" />
      <PasswordField
        form={form}
        name="password"
        id="login-password"
        label="Password"
        autoComplete="current-password"
        visible={showPassword}
        onToggleVisible={onTogglePassword}
        toggleSubject="password"
      />
      <Button
        type="link"
        className="rc-auth-link rc-auth-forgot"
        onClick={() => onForgotPassword(form.values.email)}
      >
        Forgot password?
      </Button>
      <AuthSubmitButton pending={pending} label="Sign In" busyLabel="Signing In..." />
    </form>
  );
}
