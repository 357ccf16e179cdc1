import { useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import { registerFormSchema } from '@ringcast/shared-types';
import { useAuthStore } from '../../stores/authStore';
import { toast } from '../../components/toast/toastStore';
import { TextField } from '../../components/form/TextField';
import { PasswordField } from './PasswordField';
import { useValidatedForm } from '../../components/form/useValidatedForm';
import { useFormSubmit } from '../../components/form/useFormSubmit';

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
  const navigate = useNavigate();
  const form = useValidatedForm(registerFormSchema, EMPTY);
  const { pending, onSubmit } = useFormSubmit(
    form,
    async (value) => {
      await register(value);
      toast({ title: 'Account created!', description: "Welcome to Ringcast. You're now logged in." });
      navigate('/', { replace: true });
    },
    'Please try again with different details.',
    'Registration failed',
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
      <TextField
        form={form}
        name="email"
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
      />
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
      <Button type="primary" htmlType="submit" size="large" block disabled={pending}>
        {pending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
