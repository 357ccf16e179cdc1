import { ValidationError, type AnySchema, type InferType } from 'yup';

export type FieldErrors = Record<string, string>;

export type ValidationResult<S extends AnySchema> =
  { ok: true; value: InferType<S> } | { ok: false; fields: FieldErrors; message: string };

/**
 * Validates with every rule but keeps one message per field (the first rule that failed, in the
 * schema's order), so the form and the API report the same single message for each field.
 */
export async function validateInput<S extends AnySchema>(
  schema: S,
  data: unknown,
): Promise<ValidationResult<S>> {
  try {
    const value = await schema.validate(data, { abortEarly: false, stripUnknown: true });
    return { ok: true, value };
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const fields: FieldErrors = {};
    const failures = err.inner.length ? err.inner : [err];
    for (const failure of failures) {
      const path = failure.path || '_';
      if (!(path in fields)) fields[path] = failure.message;
    }
    return { ok: false, fields, message: Object.values(fields)[0] ?? 'Invalid input' };
  }
}
