// antd's Typography (the same tags, sizes, weights and colours) for the public pages, which are
// drawn without antd so that a visitor's first load does not carry it.
import type { CSSProperties, ReactNode } from 'react';
import './typography.css';

interface TypographyProps {
  id?: string;
  style?: CSSProperties;
  /** antd's type="secondary": the lighter grey of descriptions. */
  type?: 'secondary';
  children: ReactNode;
}

const classes = (base: string, type?: 'secondary') =>
  type === 'secondary' ? `rc-typography ${base} rc-typography-secondary` : `rc-typography ${base}`;

export function Title({ level = 1, type, ...props }: TypographyProps & { level?: 1 | 2 | 3 | 4 }) {
  const Heading = `h${level}` as const;
  return <Heading className={classes('rc-title', type)} {...props} />;
}

/** A block of text with a paragraph's bottom margin (antd draws Paragraph as a div, too). */
export function Paragraph({ type, ...props }: TypographyProps) {
  return <div className={classes('rc-paragraph', type)} {...props} />;
}

export function Text({ type, strong, children, ...props }: TypographyProps & { strong?: boolean }) {
  return (
    <span className={classes('rc-text', type)} {...props}>
      {strong ? <strong>{children}</strong> : children}
    </span>
  );
}
