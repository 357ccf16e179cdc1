const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

const decodeAttribute = (value: string) =>
  value.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]);

/** A URL in running text ends before whitespace or brackets; a sentence's last stop is not part of it. */
const TEXT_URL = /https?:\/\/[^\s<>"'()[\]]+/g;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/**
 * Every http(s) address a message holds: the HTML's links first, then those written out in the
 * text, each once, in order. What a reader (or a test) follows.
 */
export function linksIn(html: string | null, text: string): string[] {
  const found: string[] = [];
  for (const match of (html ?? '').matchAll(HREF)) found.push(decodeAttribute((match[1] ?? match[2]).trim()));
  for (const [url] of text.matchAll(TEXT_URL)) found.push(url.replace(/[.,;:!?]+$/, ''));
  return [...new Set(found.filter((url) => /^https?:\/\//i.test(url)))];
}
