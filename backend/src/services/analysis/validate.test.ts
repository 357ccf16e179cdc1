import { describe, expect, it } from 'vitest';
import type { AnalysisField } from '@ringcast/shared-types';
import { checkAnswer, isCalendarDay } from './validate';

const FIELDS: AnalysisField[] = [
  { key: 'provider', name: 'Provider', description: 'their provider', type: 'text', choices: null },
  { key: 'budget', name: 'Budget', description: 'their budget', type: 'number', choices: null },
  { key: 'plan', name: 'Plan', description: 'the plan', type: 'one_of', choices: ['Basic', 'Pro'] },
  { key: 'renewal', name: 'Renewal', description: 'renewal day', type: 'date', choices: null },
];
const answer = (over: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    fields: { provider: 'Acme', budget: 60, plan: 'Pro', renewal: '2026-12-08', ...fields },
    sentiment: 'positive',
    successEvaluation: { met: true, reason: '  They booked   a visit. ' },
    ...over,
  });
const problem = (content: string | null) => {
  const checked = checkAnswer(FIELDS, content);
  return checked.ok ? null : checked.problem;
};

describe('checkAnswer', () => {
  it('accepts an answer the schema takes, its reason trimmed to one line', () => {
    expect(checkAnswer(FIELDS, answer())).toEqual({
      ok: true,
      analysis: {
        fields: { provider: 'Acme', budget: 60, plan: 'Pro', renewal: '2026-12-08' },
        sentiment: 'positive',
        successEvaluation: { met: true, reason: 'They booked a visit.' },
      },
    });
    const unsure = checkAnswer(
      FIELDS,
      answer({}, { provider: null, budget: null, plan: null, renewal: null }),
    );
    expect(unsure.ok && Object.values(unsure.analysis.fields)).toEqual([null, null, null, null]);
  });

  it('refuses what is not JSON, or not in the schema', () => {
    expect(problem(null)).toBe('no answer');
    expect(problem('{"fields": {')).toBe('not JSON');
    expect(problem(answer({ sentiment: 'ecstatic' }))).toMatch(/^\/sentiment /);
    expect(problem(answer({}, { plan: 'Gold' }))).toMatch(/^\/fields\/plan /);
    expect(problem(answer({}, { budget: '60' }))).toMatch(/^\/fields\/budget /);
    // A field it was not asked for, or one left out.
    expect(problem(answer({}, { colour: 'red' }))).toMatch(/additional properties/);
    const { renewal: _left, ...without } = JSON.parse(answer()).fields as Record<string, unknown>;
    expect(problem(JSON.stringify({ ...JSON.parse(answer()), fields: without }))).toMatch(/renewal/);
    expect(problem(answer({ extra: 1 }))).toMatch(/additional properties/);
  });

  it('refuses a date the calendar lacks and a reason that is not one short sentence', () => {
    expect(problem(answer({}, { renewal: '2026-02-30' }))).toBe('renewal is not a calendar day');
    expect(problem(answer({}, { renewal: 'next week' }))).toBe('renewal is not a calendar day');
    expect(problem(answer({ successEvaluation: { met: true, reason: '   ' } }))).toBe('the reason is empty');
    expect(problem(answer({ successEvaluation: { met: false, reason: 'No. They hung up.' } }))).toBe(
      'the reason is more than one sentence',
    );
    expect(problem(answer({ successEvaluation: { met: false, reason: `${'x'.repeat(300)}.` } }))).toBe(
      'the reason is too long',
    );
  });

  it('knows calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('2026-1-01')).toBe(false);
  });
});
