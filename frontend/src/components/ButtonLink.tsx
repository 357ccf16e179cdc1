import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface ButtonLinkProps {
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'default' | 'text';
  size?: 'middle' | 'large';
  className?: string;
  onClick?: () => void;
}

/** A router link that looks like a button: navigation stays a link (no button nested in an anchor). */
export function ButtonLink({
  to,
  children,
  variant = 'default',
  size = 'middle',
  className,
  onClick,
}: ButtonLinkProps) {
  const classes = ['rc-btn', `rc-btn-${variant}`, size === 'large' && 'rc-btn-lg', className]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={classes} onClick={onClick}>
      {children}
    </Link>
  );
}
