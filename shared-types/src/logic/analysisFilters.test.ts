import { describe, expect, it } from 'vitest';
import type { AnalysisField } from '../domain/analysis';
import { analysisFilterEntries, readAnalysisFilters } from './analysisFilters';

const field = (key: string, type: AnalysisField['type'], choices: string[] | null = null): AnalysisField => ({
  key,
  name: key.replace('_', ' '),
  description: key,
  type,
  choices,
});
const FIELDS = [
  field('provider', 'text'),
  field('budget', 'number'),
  field('has_contract', 'yes_no'),
  field('plan', 'one_of', ['Basic', 'Pro']),
  field('renewal', 'date'),
];
const read = (entries: Record<string, string>) => readAnalysisFilters(entries, FIELDS);
const one = (key: string, value: string) => {
  const result = read({ [key]: value });
  if (!result.ok) throw new Error(result.message);
  return result.filters[0];
};
const problem = (key: string, value: string) => {
  const result = read({ [key]: value });
  return result.ok ? null : result.message;
};

describe('analysisFilterEntries', () => {
  it('takes the analysis.<key> entries of a query only', () => {
    expect(
      analysisFilterEntries({ status: 'completed', 'analysis.budget': '10', 'analysis.plan': 'Pro' }),
    ).toEqual({ budget: '10', plan: 'Pro' });
  });
});

describe('readAnalysisFilters', () => {
  it('reads yes/no, a choice in any case, and words', () => {
    expect(one('has_contract', 'Yes')).toMatchObject({ match: 'equals', value: true });
    expect(one('has_contract', 'no')).toMatchObject({ match: 'equals', value: false });
    expect(one('plan', 'pro')).toMatchObject({ match: 'equals', value: 'Pro' });
    expect(one('provider', '  Acme  fiber ')).toMatchObject({ match: 'words', words: ['Acme', 'fiber'] });
  });

  it('reads numbers and dates as ranges, open at either end', () => {
    expect(one('budget', '500')).toMatchObject({ match: 'range', min: 500, max: 500 });
    expect(one('budget', '100..250.5')).toMatchObject({ min: 100, max: 250.5 });
    expect(one('budget', '100..')).toMatchObject({ min: 100, max: null });
    expect(one('budget', '..-3')).toMatchObject({ min: null, max: -3 });
    expect(one('renewal', '2026-12-08')).toMatchObject({ min: '2026-12-08', max: '2026-12-08' });
    expect(one('renewal', '2026-12-01..')).toMatchObject({ min: '2026-12-01', max: null });
    expect(one('renewal', '..2026-12-31')).toMatchObject({ min: null, max: '2026-12-31' });
  });

  it('reads none on every type', () => {
    for (const f of FIELDS) expect(one(f.key, 'none')).toEqual({ key: f.key, type: f.type, match: 'none' });
  });

  it('says what is wrong, naming the field', () => {
    expect(problem('colour', 'red')).toBe('Unknown field: colour');
    expect(problem('has_contract', 'maybe')).toBe('has contract must be yes, no or none');
    expect(problem('plan', 'Gold')).toBe('plan must be one of Basic, Pro or none');
    expect(problem('provider', '   ')).toBe('provider needs a word to look for, or none');
    expect(problem('budget', 'ten')).toMatch(/^budget must be a number/);
    expect(problem('budget', '..')).toMatch(/^budget must be a number/);
    expect(problem('budget', '1..2..3')).toMatch(/^budget must be a number/);
    expect(problem('budget', '20..10')).toBe("budget's range must not end before it starts");
    expect(problem('renewal', '2026-02-30')).toMatch(/^renewal must be a date/);
    expect(problem('renewal', '2026-12-31..2026-01-01')).toBe(
      "renewal's range must not end before it starts",
    );
  });

  it('reads several filters, all to apply', () => {
    const result = read({ budget: '10..', plan: 'Basic' });
    expect(result.ok && result.filters.map((f) => f.key)).toEqual(['budget', 'plan']);
  });
});
