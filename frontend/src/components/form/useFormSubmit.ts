import { useState, type FormEvent } from 'react';
import type { ValidationResult } from '@ringcast/shared-types';
import type { AnySchema, InferType } from 'yup';
import { showRequestError } from '../../api/errorPolicy';

export interface SubmittableForm<S extends AnySchema> {
  validate: () => Promise<ValidationResult<S>>;
  showServerErrors: (err: unknown) => void;
}

/**
 * Submit handling shared by every form: validate with the shared schema, run `save` once at a
 * time, and on failure show the server's field messages and a destructive toast (the spec's
 * 'Error' unless the form names its own title).
 */
export function useFormSubmit<S extends AnySchema>(
  form: SubmittableForm<S>,
  save: (value: InferType<S>) => Promise<void>,
  fallbackError: string,
  failureTitle = 'Error',
) {
  const [pending, setPending] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const result = await form.validate();
    if (!result.ok) return;
    setPending(true);
    try {
      await save(result.value);
    } catch (err) {
      form.showServerErrors(err);
      showRequestError(err, { title: failureTitle, fallback: fallbackError });
    } finally {
      setPending(false);
    }
  };

  return { pending, onSubmit };
}
