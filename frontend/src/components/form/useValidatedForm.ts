import { useRef, useState } from 'react';
import type { AnySchema } from 'yup';
import { validateInput, type FieldErrors, type ValidationResult } from '@ringcast/shared-types';
import { ApiError } from '../../api/client';

/**
 * Form state checked with a shared schema: validation runs on submit, then again on every change
 * once the form has been submitted (spec §4).
 */
export function useValidatedForm<S extends AnySchema, V extends Record<string, string>>(
  schema: S,
  initial: V,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // Validation is async; only the newest run may write its errors.
  const runId = useRef(0);

  const run = async (next: V): Promise<ValidationResult<S>> => {
    const id = ++runId.current;
    const result = await validateInput(schema, next);
    if (id === runId.current) setErrors(result.ok ? {} : result.fields);
    return result;
  };

  const setField = (name: keyof V & string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) void run(next);
  };

  const validate = () => {
    setSubmitted(true);
    return run(values);
  };

  /** Shows the per-field messages of a 400 answer next to the fields. */
  const showServerErrors = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 400) return;
    try {
      const body = JSON.parse(err.bodyText) as { fields?: FieldErrors };
      if (body.fields) setErrors(body.fields);
    } catch {
      // Not our JSON error shape: the toast carries the message.
    }
  };

  return { values, errors, setField, validate, showServerErrors };
}
