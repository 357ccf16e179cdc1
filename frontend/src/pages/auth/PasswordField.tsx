import { Input } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { FormField, errorProps } from '../../components/form/FormField';
import type { FieldSource } from '../../components/form/TextField';

interface PasswordFieldProps<N extends string> {
  form: FieldSource<N>;
  name: N;
  id: string;
  label: string;
  autoComplete: string;
  visible: boolean;
  onToggleVisible: () => void;
  /** What the eye button reveals, for its accessible name ("password", "confirmation"). */
  toggleSubject: string;
}

/** A labelled password field whose visibility is controlled from outside, so one toggle can drive several. */
export function PasswordField<N extends string>(props: PasswordFieldProps<N>) {
  const { form, name, id, label, autoComplete, visible, onToggleVisible, toggleSubject } = props;
  const error = form.errors[name];
  return (
    <FormField id={id} label={label} error={error}>
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        value={form.values[name]}
        onChange={(e) => form.setField(name, e.target.value)}
        autoComplete={autoComplete}
        {...errorProps(id, error)}
        suffix={
          <button
            type="button"
            className="rc-eye-button"
            aria-label={`${visible ? 'Hide' : 'Show'} ${toggleSubject}`}
            onClick={onToggleVisible}
          >
            {visible ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          </button>
        }
      />
    </FormField>
  );
}
