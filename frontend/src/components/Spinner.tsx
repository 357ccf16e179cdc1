import './spinner.css';

/**
 * antd's Spin (its four turning dots, in the primary colour), drawn without antd: the splash and a
 * page's loading show it before antd's code has arrived, or on pages that never load it.
 */
export function Spinner({ size = 'middle' }: { size?: 'middle' | 'large' }) {
  return (
    <div className={`rc-spin rc-spin-${size}`} aria-live="polite" aria-busy="true">
      <span className="rc-spin-dot">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
