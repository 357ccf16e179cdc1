import type { ReactNode } from 'react';
import { usePageMeta, type PageMeta } from '../usePageMeta';
import { SectionHeading } from './SectionHeading';

interface PublicPageProps {
  /** The page's title and description for the browser and search engines. */
  meta: PageMeta;
  title: string;
  subtitle: string;
  paddingBottom?: number;
  children: ReactNode;
}

/** A public site page: its meta set, its centered main heading, then what it shows. */
export function PublicPage({ meta, title, subtitle, paddingBottom, children }: PublicPageProps) {
  usePageMeta(meta);
  return (
    <div style={{ paddingTop: 16, paddingBottom }}>
      <SectionHeading level={1} title={title} subtitle={subtitle} />
      {children}
    </div>
  );
}
