import { describe, expect, it } from 'vitest';
import { callRecord } from '../../stores/testing/calls';
import { ANALYSIS_WAIT_MS, analysisStateOf, formatAnalysisValue } from './analysisValues';

describe('formatAnalysisValue', () => {
  it('prints yes/no, numbers, days and text, and nothing for what was not said', () => {
    expect(formatAnalysisValue({ type: 'yes_no' }, true)).toBe('Yes');
    expect(formatAnalysisValue({ type: 'yes_no' }, false)).toBe('No');
    expect(formatAnalysisValue({ type: 'number' }, 1234.5)).toBe((1234.5).toLocaleString());
    expect(formatAnalysisValue({ type: 'date' }, '2026-12-08')).toBe(
      new Date(Date.UTC(2026, 11, 8)).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' }),
    );
    expect(formatAnalysisValue({ type: 'text' }, 'Acme Broadband')).toBe('Acme Broadband');
    expect(formatAnalysisValue({ type: 'text' }, null)).toBeNull();
    expect(formatAnalysisValue({ type: 'number' }, undefined)).toBeNull();
  });
});

describe('analysisStateOf', () => {
  const now = Date.parse('2026-11-26T10:10:00.000Z');
  const answered = callRecord(1, {
    status: 'completed',
    answeredBy: 'human',
    endedAt: '2026-11-26T10:05:00.000Z',
  });

  it('awaits the analysis of a call a person answered, for a while after it ended', () => {
    expect(analysisStateOf(answered, now)).toBe('pending');
    expect(analysisStateOf({ ...answered, status: 'in_progress', endedAt: null }, now)).toBe('pending');
    expect(analysisStateOf(answered, Date.parse(answered.endedAt!) + ANALYSIS_WAIT_MS)).toBe('none');
  });

  it('has none for a machine or a call nobody answered, and says when it failed or is done', () => {
    expect(analysisStateOf({ ...answered, answeredBy: 'machine' }, now)).toBe('none');
    expect(analysisStateOf({ ...answered, status: 'no_answer', answeredBy: null }, now)).toBe('none');
    expect(analysisStateOf({ ...answered, analysisStatus: 'failed' }, now)).toBe('failed');
    const analysis = {
      fields: {},
      sentiment: 'neutral' as const,
      successEvaluation: { met: true, reason: 'x' },
    };
    expect(analysisStateOf({ ...answered, analysis, analysisStatus: 'done' }, now)).toBe('done');
  });
});
