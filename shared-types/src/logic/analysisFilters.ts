import { ANALYSIS_FILTER_NONE, ANALYSIS_FILTER_PREFIX } from '../api/analysis';
import type { AnalysisField, AnalysisFieldType } from '../domain/analysis';

/**
 * The call log's filters on a campaign's analysis fields (`analysis.<key>=<value>`), read from a
 * query into what the database is asked, or into the one message a 400 shows:
 * - yes_no: `yes`, `no`;
 * - one_of: one of the field's choices (as written, any case);
 * - text: words the value contains, each of them (any case);
 * - number: `N`, `N..M`, `N..`, `..M` (both ends included);
 * - date: `YYYY-MM-DD` or a range of them written the same way;
 * - any type: `none`, the model could not tell (the value is null).
 * Filters on several fields all apply (AND).
 */
export type AnalysisFilter =
  | { key: string; type: AnalysisFieldType; match: 'none' }
  | { key: string; type: 'yes_no'; match: 'equals'; value: boolean }
  | { key: string; type: 'one_of'; match: 'equals'; value: string }
  | { key: string; type: 'text'; match: 'words'; words: string[] }
  | { key: string; type: 'number'; match: 'range'; min: number | null; max: number | null }
  | { key: string; type: 'date'; match: 'range'; min: string | null; max: string | null };

export type AnalysisFiltersRead = { ok: true; filters: AnalysisFilter[] } | { ok: false; message: string };

export const ANALYSIS_FILTER_MESSAGES = {
  unknown: (key: string) => `Unknown field: ${key}`,
  yesNo: (name: string) => `${name} must be yes, no or none`,
  choice: (name: string, choices: readonly string[]) =>
    `${name} must be one of ${choices.join(', ')} or none`,
  text: (name: string) => `${name} needs a word to look for, or none`,
  number: (name: string) => `${name} must be a number, a range such as 10..20, 10.. or ..20, or none`,
  date: (name: string) =>
    `${name} must be a date (YYYY-MM-DD), a range such as 2026-01-01..2026-01-31, or none`,
  range: (name: string) => `${name}'s range must not end before it starts`,
} as const;

/** The raw `analysis.<key>` entries of a query, by key. */
export function analysisFilterEntries(query: Record<string, unknown>): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name.startsWith(ANALYSIS_FILTER_PREFIX) && typeof value === 'string')
      entries[name.slice(ANALYSIS_FILTER_PREFIX.length)] = value;
  }
  return entries;
}

const NUMBER = /^-?\d+(?:\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** `a..b`, `a..`, `..b` or `a` (both ends a), each end read by `read`; null when it is none of those. */
function rangeOf<T>(text: string, read: (end: string) => T | null): { min: T | null; max: T | null } | null {
  const parts = text.split('..');
  if (parts.length > 2) return null;
  const [low, high] = parts.length === 2 ? parts : [parts[0], parts[0]];
  if (!low && !high) return null;
  const min = low ? read(low) : null;
  const max = high ? read(high) : null;
  if ((low && min === null) || (high && max === null)) return null;
  return { min, max };
}

function filterOf(field: AnalysisField, raw: string): AnalysisFilter | string {
  const text = raw.trim();
  const { key, name } = field;
  if (text.toLowerCase() === ANALYSIS_FILTER_NONE) return { key, type: field.type, match: 'none' };
  switch (field.type) {
    case 'yes_no': {
      const said = text.toLowerCase();
      if (said !== 'yes' && said !== 'no') return ANALYSIS_FILTER_MESSAGES.yesNo(name);
      return { key, type: 'yes_no', match: 'equals', value: said === 'yes' };
    }
    case 'one_of': {
      const choices = field.choices ?? [];
      const choice = choices.find((c) => c.toLowerCase() === text.toLowerCase());
      if (!choice) return ANALYSIS_FILTER_MESSAGES.choice(name, choices);
      return { key, type: 'one_of', match: 'equals', value: choice };
    }
    case 'text': {
      const words = text.split(/\s+/).filter(Boolean);
      if (!words.length) return ANALYSIS_FILTER_MESSAGES.text(name);
      return { key, type: 'text', match: 'words', words };
    }
    case 'number': {
      const range = rangeOf(text, (end) => (NUMBER.test(end) ? Number(end) : null));
      if (!range) return ANALYSIS_FILTER_MESSAGES.number(name);
      if (range.min !== null && range.max !== null && range.min > range.max)
        return ANALYSIS_FILTER_MESSAGES.range(name);
      return { key, type: 'number', match: 'range', ...range };
    }
    case 'date': {
      const range = rangeOf(text, (end) => (isDay(end) ? end : null));
      if (!range) return ANALYSIS_FILTER_MESSAGES.date(name);
      if (range.min !== null && range.max !== null && range.min > range.max)
        return ANALYSIS_FILTER_MESSAGES.range(name);
      return { key, type: 'date', match: 'range', ...range };
    }
  }
}

/** The filters `entries` (by key, see analysisFilterEntries) ask for on these fields, or the first problem. */
export function readAnalysisFilters(
  entries: Record<string, string>,
  fields: readonly AnalysisField[],
): AnalysisFiltersRead {
  const filters: AnalysisFilter[] = [];
  for (const [key, raw] of Object.entries(entries)) {
    const field = fields.find((f) => f.key === key);
    if (!field) return { ok: false, message: ANALYSIS_FILTER_MESSAGES.unknown(key) };
    const filter = filterOf(field, raw);
    if (typeof filter === 'string') return { ok: false, message: filter };
    filters.push(filter);
  }
  return { ok: true, filters };
}
