import { useLocation, useNavigate } from 'react-router-dom';
import { afterSignIn } from '../../routeAccess';
import { Button } from 'antd';
import type { AnySchema, InferType } from 'yup';
import { toast, type ToastInput } from '../../components/toast/toastStore';
import { TextField, type FieldSource } from '../../components/form/TextField';
import { useFormSubmit, type SubmittableForm } from '../../components/form/useFormSubmit';

interface AuthFailure {
  /** The toast's title when the server refuses. */
  title: string;
  /** Its description when the server gives no reason of its own. */
  fallback: string;
}

/**
 * Submit for Sign In and Sign Up alike: `enter` signs the user in, then they are welcomed and
 * taken into the app (to the page they were sent to sign in from, if any: a link in an email),
 * with /login left out of the history.
 */
export function useAuthSubmit<S extends AnySchema>(
  form: SubmittableForm<S>,
  enter: (value: InferType<S>) => Promise<void>,
  welcome: ToastInput,
  failure: AuthFailure,
) {
  const navigate = useNavigate();
  const { state } = useLocation();
  return useFormSubmit(
    form,
    async (value) => {
      await enter(value);
      toast(welcome);
      navigate(afterSignIn(state), { replace: true });
    },
    failure.fallback,
    failure.title,
  );
}

/** The Email field both tabs start from. */
export function EmailField({ form, id }: { form: FieldSource<'email'>; id: string }) {
  return (
    <TextField
      form={form}
      name="email"
      id={id}
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@company.com"
    />
  );
}

/** The form's submit button, which says what is under way while the request is. */
export function AuthSubmitButton({
  pending,
  label,
  busyLabel,
}: {
  pending: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <Button type="primary" htmlType="submit" size="large" block disabled={pending}>
      {pending ? busyLabel : label}
    </Button>
  );
}
