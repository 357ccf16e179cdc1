import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './linkButton.css';

interface LinkButtonProps {
  to: string;
  size?: 'middle' | 'large';
  /** As wide as its container. */
  block?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * A link in the look of antd's primary button, for the public pages (drawn without antd): a real
 * <a href> (open in new tab works) that navigates inside the app without a page reload.
 */
export function LinkButton({ to, size = 'middle', block = false, style, children }: LinkButtonProps) {
  const classes = ['rc-link-button', size === 'large' && 'rc-link-button-lg', block && 'rc-link-button-block']
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={classes} style={style}>
      <span>{children}</span>
    </Link>
  );
}
