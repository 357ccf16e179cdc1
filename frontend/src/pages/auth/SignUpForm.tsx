import { registerFormSchema } from '@ringcast/shared-types';
import { useAuthStore } from '../../stores/authStore';
import { TextField } from '../../components/form/TextField';
import { PasswordField } from './PasswordField';
import { useValidatedForm } from '../../components/form/useValidatedForm';
import { AuthSubmitButton, EmailField, useAuthSubmit } from './authForm';

interface SignUpFormProps {
  showPassword: boolean;
  onTogglePassword: () => void;
  showConfirm: boolean;
  onToggleConfirm: () => void;
}

const EMPTY = { fullName: '', email: '', password: '', confirmPassword: '' };

export function SignUpForm({
  showPassword,
  onTogglePassword,
  showConfirm,
  onToggleConfirm,
}: SignUpFormProps) {
  const register = useAuthStore((s) => s.register);
  const form = useValidatedForm(registerFormSchema, EMPTY);
  const { pending, onSubmit } = useAuthSubmit(
    form,
    register,
    { title: 'Account created!', description: "Welcome to Ringcast. You're now logged in." },
    { title: 'Registration failed', fallback: 'Please try again with different details.' },
  );

  return (
    <form className="rc-auth-form" noValidate onSubmit={onSubmit}>
      <TextField
        form={form}
        name="fullName"
        id="register-full-name"
        label="Full Name"
        autoComplete="name"
        placeholder="Jane Smith"
      />
      <EmailField form={form} id="register-email" />
      <PasswordField
        form={form}
        name="password"
        id="register-password"
        label="Password"
        autoComplete="new-password"
        visible={showPassword}
        onToggleVisible={onTogglePassword}
        toggleSubject="password"
      />
      <PasswordField
        form={form}
        name="confirmPassword"
        id="register-confirm-password"
        label="Confirm Password"
        autoComplete="new-password"
        visible={showConfirm}
        onToggleVisible={onToggleConfirm}
        toggleSubject="confirmation"
      />
      <AuthSubmitButton pending={pending} label="Create Account" busyLabel="Creating Account..." />
    </form>
  );
}
