import { Input, type InputProps } from 'antd';
import { FormField, errorProps } from './FormField';

/** What a text field reads and writes: useValidatedForm's state, or a form's own of that shape. */
export interface FieldSource<N extends string> {
  values: Record<N, string>;
  errors: Partial<Record<N, string>>;
  setField: (name: N, value: string) => void;
}

type TextFieldProps<N extends string> = Omit<
  InputProps,
  'id' | 'name' | 'value' | 'onChange' | 'status' | 'form'
> & {
  form: FieldSource<N>;
  name: N;
  /** The input's id; the label and the error message are tied to it. */
  id: string;
  label: string;
  hint?: string;
  /** Reshapes what is typed (a card number in groups of four, say). */
  format?: (typed: string) => string;
};

/** A labelled text input bound to one field of a form, with its validation message. */
export function TextField<N extends string>({
  form,
  name,
  id,
  label,
  hint,
  format,
  ...inputProps
}: TextFieldProps<N>) {
  const error = form.errors[name];
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      <Input
        id={id}
        {...inputProps}
        value={form.values[name]}
        onChange={(e) => form.setField(name, format ? format(e.target.value) : e.target.value)}
        {...errorProps(id, error, hint)}
      />
    </FormField>
  );
}
