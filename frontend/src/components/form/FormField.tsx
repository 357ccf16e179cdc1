import type { ReactNode } from 'react';
import './formField.css';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  /** A line under the input saying what the field is used for. */
  hint?: string;
  children: ReactNode;
}

/** A labelled field with its validation message underneath (the input carries `id`). */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div className="rc-field">
      <label htmlFor={id} className="rc-field-label">
        {label}
      </label>
      {children}
      {hint && (
        <div id={`${id}-hint`} className="rc-field-hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="rc-field-error">
          {error}
        </div>
      )}
    </div>
  );
}

/** ARIA attributes tying an input to its error message (and its hint, when it has one). */
export const errorProps = (id: string, error?: string, hint?: string) => {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    status: error ? ('error' as const) : undefined,
  };
};
