import type { CallRecord } from '@ringcast/shared-types';
import { analysisFilterValue, type AnalysisFieldFilter, type AnalysisFilters } from './analysisFilterQuery';

function fieldMatches(filter: AnalysisFieldFilter, fields: Record<string, unknown>, key: string): boolean {
  // A field the analysis has no entry for (added to the campaign after it) is not "not said".
  if (!(key in fields)) return false;
  const value = fields[key];
  if (filter.match === 'none') return value === null;
  switch (filter.match) {
    case 'yes_no':
      return value === filter.value;
    case 'choice':
      return typeof value === 'string' && value.toLowerCase() === filter.value.toLowerCase();
    case 'words': {
      if (typeof value !== 'string') return false;
      const text = value.toLowerCase();
      return filter.words
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .every((word) => text.includes(word));
    }
    case 'number':
      return (
        typeof value === 'number' &&
        (filter.min === null || value >= filter.min) &&
        (filter.max === null || value <= filter.max)
      );
    case 'date':
      return (
        typeof value === 'string' &&
        (!filter.from || value >= filter.from) &&
        (!filter.to || value <= filter.to)
      );
  }
}

/**
 * Whether a call's analysis passes the analysis filters, as the server decides (filterSql.ts): a
 * call not analysed passes none of them; a field filter asking nothing passes every call.
 */
export function matchesAnalysisFilters(
  filters: AnalysisFilters,
  call: Pick<CallRecord, 'analysis'>,
): boolean {
  const fieldFilters = Object.entries(filters.analysis ?? {}).filter(
    ([, f]) => analysisFilterValue(f) !== null,
  );
  if (!filters.sentiment && typeof filters.goalMet !== 'boolean' && !fieldFilters.length) return true;
  const { analysis } = call;
  if (!analysis) return false;
  if (filters.sentiment && analysis.sentiment !== filters.sentiment) return false;
  if (typeof filters.goalMet === 'boolean' && analysis.successEvaluation.met !== filters.goalMet)
    return false;
  return fieldFilters.every(([key, filter]) => fieldMatches(filter, analysis.fields, key));
}
