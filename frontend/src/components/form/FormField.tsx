import type { ReactNode } from 'react';
import './formField.css';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}

/** A labelled field with its validation message underneath (the input carries `id`). */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className="rc-field">
      <label htmlFor={id} className="rc-field-label">
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} className="rc-field-error">
          {error}
        </div>
      )}
    </div>
  );
}

/** ARIA attributes tying an input to its error message. */
export const errorProps = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
  status: error ? ('error' as const) : undefined,
});
