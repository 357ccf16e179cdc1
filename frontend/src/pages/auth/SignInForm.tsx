import { useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import { loginSchema } from '@ringcast/shared-types';
import { useAuthStore } from '../../stores/authStore';
import { toast } from '../../components/toast/toastStore';
import { TextField } from '../../components/form/TextField';
import { PasswordField } from './PasswordField';
import { useValidatedForm } from '../../components/form/useValidatedForm';
import { useFormSubmit } from '../../components/form/useFormSubmit';

interface SignInFormProps {
  showPassword: boolean;
  onTogglePassword: () => void;
}

export function SignInForm({ showPassword, onTogglePassword }: SignInFormProps) {
  const login = useAuthStore((s) => s.login);
  const navigate = useNavigate();
  const form = useValidatedForm(loginSchema, { email: '', password: '' });
  const { pending, onSubmit } = useFormSubmit(
    form,
    async (value) => {
      await login(value);
      toast({ title: 'Welcome back!', description: "You've been successfully logged in." });
      navigate('/', { replace: true });
    },
    'Please check your credentials and try again.',
    'Login failed',
  );

  return (
    <form className="rc-auth-form" noValidate onSubmit={onSubmit}>
      <TextField
        form={form}
        name="email"
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
      />
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
      <Button type="primary" htmlType="submit" size="large" block disabled={pending}>
        {pending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
