import type { ReactNode } from 'react';
import { Paragraph, Title } from './Typography';

interface SectionHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** 1 for a page's main heading, 2 (default) for a section. */
  level?: 1 | 2;
  id?: string;
}

/** Centered heading with an optional sub-line, used by every public section. */
export function SectionHeading({ title, subtitle, level = 2, id }: SectionHeadingProps) {
  return (
    <header style={{ textAlign: 'center', maxWidth: 680, margin: '0 auto 32px' }}>
      <Title id={id} level={level} style={{ marginBottom: subtitle ? 12 : 0 }}>
        {title}
      </Title>
      {subtitle && (
        <Paragraph type="secondary" style={{ fontSize: 17, marginBottom: 0 }}>
          {subtitle}
        </Paragraph>
      )}
    </header>
  );
}
