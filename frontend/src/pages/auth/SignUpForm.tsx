import { useNavigate } from 'react-router-dom';
import { Button } from 'antd';
import { registerFormSchema } from '@ringcast/shared-types';
import { useAuthStore } from '../../stores/authStore';
import { toast } from '../../components/toast/toastStore';
import { FormField } from '../../components/form/FormField';
import { TextField } from '../../components/form/TextField';
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
