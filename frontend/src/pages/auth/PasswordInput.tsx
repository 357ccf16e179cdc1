import { Input } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { errorProps } from '../../components/form/FormField';

interface PasswordInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  visible: boolean;
  onToggleVisible: () => void;
  /** What the eye button reveals, for its accessible name ("password", "confirmation"). */
  toggleSubject: string;
  autoComplete: string;
  error?: string;
}

/** A password input whose visibility is controlled from outside, so one toggle can drive several. */
export function PasswordInput(props: PasswordInputProps) {
  const { id, value, onChange, visible, onToggleVisible, toggleSubject, autoComplete, error } = props;
  return (
    <Input
      id={id}
      type={visible ? 'text' : 'password'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
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
  );
}
