import { ANALYSIS_FILTER_NONE, ANALYSIS_FILTER_PREFIX, type Sentiment } from '@ringcast/shared-types';

/**
 * What the call log's filter on one analysis field asks, as its column's control holds it:
 * - `none`: the model could not tell (any type);
 * - `yes_no`: yes or no; `choice`: one of a "one of" field's choices; `words`: text containing them;
 * - `number`: a range, either end open; `date`: a range of days ("2026-12-07"), either end open.
 */
export type AnalysisFieldFilter =
  | { match: 'none' }
  | { match: 'yes_no'; value: boolean }
  | { match: 'choice'; value: string }
  | { match: 'words'; words: string }
  | { match: 'number'; min: number | null; max: number | null }
  | { match: 'date'; from: string | null; to: string | null };

/** The call log's filters on the analysis: sentiment, goal met, and the fields' by key. */
export interface AnalysisFilters {
  sentiment?: Sentiment | null;
  goalMet?: boolean | null;
  analysis?: Record<string, AnalysisFieldFilter>;
}

/** `a..b`, `a..`, `..b`, or `a` when both ends are the same; null when neither end is set. */
function range(low: string | null, high: string | null): string | null {
  if (low === null && high === null) return null;
  if (low !== null && low === high) return low;
  return `${low ?? ''}..${high ?? ''}`;
}

const finite = (n: number | null) => (n !== null && Number.isFinite(n) ? String(n) : null);

/** A field filter's value in the query (`analysis.<key>=<value>`); null when it asks nothing. */
export function analysisFilterValue(filter: AnalysisFieldFilter): string | null {
  switch (filter.match) {
    case 'none':
      return ANALYSIS_FILTER_NONE;
    case 'yes_no':
      return filter.value ? 'yes' : 'no';
    case 'choice':
      return filter.value;
    case 'words': {
      const words = filter.words.trim().split(/\s+/).filter(Boolean).join(' ');
      return words || null;
    }
    case 'number':
      return range(finite(filter.min), finite(filter.max));
    case 'date':
      return range(filter.from || null, filter.to || null);
  }
}

/**
 * The query entries of the analysis filters, in a stable order: `sentiment`, `goalMet` (yes|no),
 * then `analysis.<key>` by key. A field filter asking nothing is left out.
 */
export function analysisQueryEntries(filters: AnalysisFilters): [string, string][] {
  const entries: [string, string][] = [];
  if (filters.sentiment) entries.push(['sentiment', filters.sentiment]);
  if (typeof filters.goalMet === 'boolean') entries.push(['goalMet', filters.goalMet ? 'yes' : 'no']);
  for (const key of Object.keys(filters.analysis ?? {}).sort()) {
    const value = analysisFilterValue(filters.analysis![key]!);
    if (value !== null) entries.push([`${ANALYSIS_FILTER_PREFIX}${key}`, value]);
  }
  return entries;
}

/** Whether any analysis filter asks something. */
export const hasAnalysisFilters = (filters: AnalysisFilters) => analysisQueryEntries(filters).length > 0;
