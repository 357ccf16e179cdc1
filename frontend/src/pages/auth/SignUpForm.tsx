import { useNavigate } from 'react-router-dom';
import { Button, Input } from 'antd';
import { registerFormSchema } from '@ringcast/shared-types';
import { useAuthStore } from '../../stores/authStore';
import { toast } from '../../components/toast/toastStore';
import { FormField, errorProps } from '../../components/form/FormField';
import { PasswordInput } from './PasswordInput';
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
  const { values, errors, setField } = form;
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
      <FormField id="register-full-name" label="Full Name" error={errors.fullName}>
        <Input
          id="register-full-name"
          autoComplete="name"
          placeholder="Jane Smith"
          value={values.fullName}
          onChange={(e) => setField('fullName', e.target.value)}
          {...errorProps('register-full-name', errors.fullName)}
        />
      </FormField>
      <FormField id="register-email" label="Email" error={errors.email}>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          value={values.email}
          onChange={(e) => setField('email', e.target.value)}
          {...errorProps('register-email', errors.email)}
        />
      </FormField>
      <FormField id="register-password" label="Password" error={errors.password}>
        <PasswordInput
          id="register-password"
          autoComplete="new-password"
          value={values.password}
          onChange={(v) => setField('password', v)}
          visible={showPassword}
          onToggleVisible={onTogglePassword}
          toggleSubject="password"
          error={errors.password}
        />
      </FormField>
      <FormField id="register-confirm-password" label="Confirm Password" error={errors.confirmPassword}>
        <PasswordInput
          id="register-confirm-password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(v) => setField('confirmPassword', v)}
          visible={showConfirm}
          onToggleVisible={onToggleConfirm}
          toggleSubject="confirmation"
          error={errors.confirmPassword}
        />
      </FormField>
      <Button type="primary" htmlType="submit" size="large" block disabled={pending}>
        {pending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
