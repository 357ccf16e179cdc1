import { describe, expect, it } from 'vitest';
import { clampStep, STEPS } from './wizardSteps';

describe('steps', () => {
  it('are the spec’s eight, in order', () => {
    expect(STEPS.map((s) => s.label)).toEqual([
      'Select Type',
      'Audience',
      'Goal',
      'AI Agent',
      'Script',
      'Call Volume',
      'Company Data',
      'Payment',
    ]);
  });

  it('never go below 1 or above 8', () => {
    expect([0, -3, 1, 5, 8, 9, 42, Number.NaN].map(clampStep)).toEqual([1, 1, 1, 5, 8, 8, 8, 1]);
  });
});
