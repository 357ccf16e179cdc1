import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Input } from 'antd';
import { loginSchema } from '@ringcast/shared-types';
import { useAuthStore } from '../../stores/authStore';
import { toast } from '../../components/toast/toastStore';
import { FormField, errorProps } from './FormField';
import { PasswordInput } from './PasswordInput';
import { errorMessage, useValidatedForm } from './useValidatedForm';

interface SignInFormProps {
  showPassword: boolean;
  onTogglePassword: () => void;
}

export function SignInForm({ showPassword, onTogglePassword }: SignInFormProps) {
  const login = useAuthStore((s) => s.login);
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const form = useValidatedForm(loginSchema, { email: '', password: '' });
  const { values, errors, setField } = form;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const result = await form.validate();
    if (!result.ok) return;
    setPending(true);
    try {
      await login(result.value);
      toast({ title: 'Welcome back!', description: "You've been successfully logged in." });
      navigate('/', { replace: true });
    } catch (err) {
      form.showServerErrors(err);
      toast({
        title: 'Login failed',
        description: errorMessage(err, 'Please check your credentials and try again.'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="rc-auth-form" noValidate onSubmit={onSubmit}>
      <FormField id="login-email" label="Email" error={errors.email}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={values.email}
          onChange={(e) => setField('email', e.target.value)}
          {...errorProps('login-email', errors.email)}
        />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password}>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          value={values.password}
          onChange={(v) => setField('password', v)}
          visible={showPassword}
          onToggleVisible={onTogglePassword}
          toggleSubject="password"
          error={errors.password}
        />
      </FormField>
      <Button type="primary" htmlType="submit" size="large" block disabled={pending}>
        {pending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
