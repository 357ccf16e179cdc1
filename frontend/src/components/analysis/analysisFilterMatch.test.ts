import { describe, expect, it } from 'vitest';
import type { CallAnalysis } from '@ringcast/shared-types';
import { applyCallPush } from '../../stores/callLogPushes';
import { callRecord } from '../../stores/testing/calls';
import { matchesAnalysisFilters } from './analysisFilterMatch';
import type { AnalysisFieldFilter } from './analysisFilterQuery';

const analysis: CallAnalysis = {
  fields: {
    current_provider: 'Acme Broadband for our internet',
    monthly_bill: 80,
    wants_demo: true,
    plan: 'Pro',
    call_back_on: '2026-12-08',
    budget: null,
  },
  sentiment: 'positive',
  successEvaluation: { met: false, reason: 'The person asked to be called back later.' },
};
const analysed = callRecord(1, { status: 'completed', analysis, analysisStatus: 'done' });

describe('matchesAnalysisFilters', () => {
  it('passes every call when nothing is asked, and no call without an analysis when something is', () => {
    expect(matchesAnalysisFilters({}, callRecord(2))).toBe(true);
    expect(
      matchesAnalysisFilters({ analysis: { budget: { match: 'words', words: ' ' } } }, callRecord(2)),
    ).toBe(true);
    expect(matchesAnalysisFilters({ analysis: { budget: { match: 'none' } } }, callRecord(2))).toBe(false);
    expect(matchesAnalysisFilters({ sentiment: 'positive' }, callRecord(2))).toBe(false);
  });

  it('checks the sentiment and the goal', () => {
    expect(matchesAnalysisFilters({ sentiment: 'positive', goalMet: false }, analysed)).toBe(true);
    expect(matchesAnalysisFilters({ sentiment: 'negative' }, analysed)).toBe(false);
    expect(matchesAnalysisFilters({ goalMet: true }, analysed)).toBe(false);
  });

  it('checks each kind of field filter as the server does', () => {
    const passes = (key: string, filter: Record<string, AnalysisFieldFilter>) =>
      matchesAnalysisFilters({ analysis: filter }, analysed) && key;
    expect(passes('a', { budget: { match: 'none' } })).toBe('a');
    expect(passes('b', { plan: { match: 'none' } })).toBe(false);
    // A field the analysis has no entry for is neither said nor "not said".
    expect(passes('c', { added_later: { match: 'none' } })).toBe(false);
    expect(passes('d', { wants_demo: { match: 'yes_no', value: true } })).toBe('d');
    expect(passes('e', { wants_demo: { match: 'yes_no', value: false } })).toBe(false);
    expect(passes('f', { plan: { match: 'choice', value: 'pro' } })).toBe('f');
    expect(passes('g', { current_provider: { match: 'words', words: 'ACME internet' } })).toBe('g');
    expect(passes('h', { current_provider: { match: 'words', words: 'acme fiber' } })).toBe(false);
    expect(passes('i', { monthly_bill: { match: 'number', min: 80, max: 80 } })).toBe('i');
    expect(passes('j', { monthly_bill: { match: 'number', min: null, max: 79.5 } })).toBe(false);
    expect(passes('k', { call_back_on: { match: 'date', from: '2026-12-08', to: null } })).toBe('k');
    expect(passes('l', { call_back_on: { match: 'date', from: null, to: '2026-12-07' } })).toBe(false);
  });
});

describe('a pushed call under analysis filters', () => {
  const filters = { status: null, from: null, to: null, sentiment: 'positive' as const };

  it('fills its row in place once analysed, and leaves the page when it does not match', () => {
    const waiting = callRecord(1, { status: 'completed' });
    const shown = { items: [waiting], total: 1, page: 1, pageSize: 20 };
    expect(applyCallPush(shown, { status: null, from: null, to: null }, analysed)).toEqual({
      items: [analysed],
      total: 1,
    });
    const negative = { ...analysed, analysis: { ...analysis, sentiment: 'negative' as const } };
    expect(applyCallPush({ ...shown, items: [analysed] }, filters, negative)).toEqual({
      items: [],
      total: 0,
    });
  });

  it('has the page read again when a call of another page may have joined or left the log', () => {
    const rows = Array.from({ length: 20 }, (_, i) =>
      callRecord(100 - i, { createdAt: new Date(Date.UTC(2026, 10, 26, 11, 0, 60 - i)).toISOString() }),
    );
    expect(applyCallPush({ items: rows, total: 40, page: 1, pageSize: 20 }, filters, analysed)).toBe(
      'reread',
    );
  });
});
