import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
  keywords?: string;
  /** Path or absolute URL of the canonical page; "/" for the site root. */
  canonical?: string;
}

function setMetaTag(name: string, content: string | undefined) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!content) {
    tag?.remove();
    return;
  }
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = name;
    document.head.appendChild(tag);
  }
  tag.content = content;
}

function setCanonical(href: string | undefined) {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!href) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = new URL(href, window.location.origin).href;
}

/** Sets the document title, meta description, keywords and canonical link for the current page. */
export function usePageMeta({ title, description, keywords, canonical }: PageMeta) {
  useEffect(() => {
    document.title = title;
    setMetaTag('description', description);
    setMetaTag('keywords', keywords);
    setCanonical(canonical);
  }, [title, description, keywords, canonical]);
}
