import { describe, expect, it } from 'vitest';
import { callQueryString } from '../../api/calls';
import { analysisFilterValue, analysisQueryEntries } from './analysisFilterQuery';

describe('analysisFilterValue', () => {
  it('writes each kind of filter as the call log reads it', () => {
    expect(analysisFilterValue({ match: 'none' })).toBe('none');
    expect(analysisFilterValue({ match: 'yes_no', value: true })).toBe('yes');
    expect(analysisFilterValue({ match: 'yes_no', value: false })).toBe('no');
    expect(analysisFilterValue({ match: 'choice', value: 'Acme Broadband' })).toBe('Acme Broadband');
    expect(analysisFilterValue({ match: 'words', words: '  acme   fiber ' })).toBe('acme fiber');
  });

  it('writes a number range with either end open, and one number for equal ends', () => {
    expect(analysisFilterValue({ match: 'number', min: 10, max: 20 })).toBe('10..20');
    expect(analysisFilterValue({ match: 'number', min: 10, max: null })).toBe('10..');
    expect(analysisFilterValue({ match: 'number', min: null, max: 20.5 })).toBe('..20.5');
    expect(analysisFilterValue({ match: 'number', min: -5, max: -5 })).toBe('-5');
    expect(analysisFilterValue({ match: 'number', min: 0, max: null })).toBe('0..');
  });

  it('writes a date range of days the same way', () => {
    expect(analysisFilterValue({ match: 'date', from: '2026-12-01', to: '2026-12-31' })).toBe(
      '2026-12-01..2026-12-31',
    );
    expect(analysisFilterValue({ match: 'date', from: '2026-12-07', to: '2026-12-07' })).toBe('2026-12-07');
    expect(analysisFilterValue({ match: 'date', from: null, to: '2026-12-31' })).toBe('..2026-12-31');
  });

  it('asks nothing of an empty control', () => {
    expect(analysisFilterValue({ match: 'words', words: '   ' })).toBeNull();
    expect(analysisFilterValue({ match: 'number', min: null, max: null })).toBeNull();
    expect(analysisFilterValue({ match: 'number', min: Number.NaN, max: null })).toBeNull();
    expect(analysisFilterValue({ match: 'date', from: '', to: null })).toBeNull();
  });
});

describe('analysisQueryEntries', () => {
  it('puts sentiment and the goal first, then the fields by key, leaving out what asks nothing', () => {
    expect(
      analysisQueryEntries({
        sentiment: 'negative',
        goalMet: false,
        analysis: {
          monthly_bill: { match: 'number', min: 50, max: null },
          current_provider: { match: 'none' },
          notes: { match: 'words', words: '' },
        },
      }),
    ).toEqual([
      ['sentiment', 'negative'],
      ['goalMet', 'no'],
      ['analysis.current_provider', 'none'],
      ['analysis.monthly_bill', '50..'],
    ]);
    expect(analysisQueryEntries({ sentiment: null, goalMet: null })).toEqual([]);
  });

  it('is what the call log and its CSV link send, beside the other filters', () => {
    const query = callQueryString(
      {
        status: 'completed',
        from: null,
        to: null,
        goalMet: true,
        analysis: { current_provider: { match: 'choice', value: 'Acme & Sons' } },
      },
      { page: 2, pageSize: 20 },
    );
    const params = new URLSearchParams(query.slice(1));
    expect(params.get('status')).toBe('completed');
    expect(params.get('goalMet')).toBe('yes');
    expect(params.get('analysis.current_provider')).toBe('Acme & Sons');
    expect(params.get('page')).toBe('2');
  });
});
