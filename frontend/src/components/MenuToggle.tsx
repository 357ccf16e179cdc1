import { CloseOutlined, MenuOutlined } from '@ant-design/icons';

interface MenuToggleProps {
  open: boolean;
  /** The id of the menu it opens. */
  controls: string;
  className: string;
  onToggle: () => void;
}

/** The small-screen menu button of the top bars. */
export function MenuToggle({ open, controls, className, onToggle }: MenuToggleProps) {
  return (
    <button
      type="button"
      className={className}
      aria-label={open ? 'Close menu' : 'Open menu'}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? <CloseOutlined /> : <MenuOutlined />}
    </button>
  );
}
