import { describe, expect, it } from 'vitest';
import { funnelSteps } from './funnel';

describe('funnelSteps', () => {
  it('gives each step its count, its rate of the step before and of the calls placed', () => {
    const steps = funnelSteps({
      placed: 200,
      person: 50,
      conversations: 40,
      positive: 10,
      bookedOrTransferred: 4,
    });
    expect(steps.map((s) => s.key)).toEqual([
      'placed',
      'person',
      'conversations',
      'positive',
      'bookedOrTransferred',
    ]);
    expect(steps.map((s) => s.count)).toEqual([200, 50, 40, 10, 4]);
    expect(steps.map((s) => s.ofPrevious)).toEqual([null, 0.25, 0.8, 0.25, 0.4]);
    expect(steps.map((s) => s.ofPlaced)).toEqual([1, 0.25, 0.2, 0.05, 0.02]);
  });

  it('has no rate where the step before counted nothing', () => {
    const steps = funnelSteps({
      placed: 0,
      person: 0,
      conversations: 0,
      positive: 0,
      bookedOrTransferred: 0,
    });
    expect(steps.every((s) => s.ofPlaced === null)).toBe(true);
    expect(steps.slice(1).every((s) => s.ofPrevious === null)).toBe(true);

    const noPerson = funnelSteps({
      placed: 8,
      person: 0,
      conversations: 0,
      positive: 0,
      bookedOrTransferred: 0,
    });
    expect(noPerson[1]).toMatchObject({ ofPrevious: 0, ofPlaced: 0 });
    expect(noPerson[2]).toMatchObject({ ofPrevious: null, ofPlaced: 0 });
  });
});
