import { CloseOutlined, MenuOutlined } from '@ant-design/icons';

interface MenuToggleProps {
  open: boolean;
  /** The id of the menu it opens. */
  controls: string;
  onToggle: () => void;
}

/** The small-screen menu button of the top bars (styled in layouts/topBar.css). */
export function MenuToggle({ open, controls, onToggle }: MenuToggleProps) {
  return (
    <button
      type="button"
      className="rc-top-bar-menu-button"
      aria-label={open ? 'Close menu' : 'Open menu'}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? <CloseOutlined /> : <MenuOutlined />}
    </button>
  );
}
