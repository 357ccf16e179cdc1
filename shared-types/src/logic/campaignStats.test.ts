import { describe, expect, it } from 'vitest';
import { SETUP_FLAGS, type SetupFlags } from '../domain/campaign';
import {
  campaignInSetup,
  formatCost,
  formatSuccessRate,
  isSetupInProgress,
  performanceBarPercent,
  setupProgress,
  successRate,
  sumCosts,
} from './campaignStats';

/** Setup flags with the first `done` of the eight set. */
const flags = (done: number, extra: Record<string, unknown> = {}) => ({
  ...(Object.fromEntries(SETUP_FLAGS.map((flag, i) => [flag, i < done])) as SetupFlags),
  ...extra,
});

describe('success rate', () => {
  it('is successful / total in percent to one decimal, 0 without calls', () => {
    expect(successRate(0, 0)).toBe(0);
    expect(successRate(5, 0)).toBe(0);
    expect(successRate(1, 3)).toBe(33.3);
    expect(successRate(2, 3)).toBe(66.7);
    expect(successRate(10, 10)).toBe(100);
    expect(successRate(1, 8)).toBe(12.5);
  });

  it('prints with one decimal and a percent sign', () => {
    expect(formatSuccessRate(0)).toBe('0.0%');
    expect(formatSuccessRate(33.3)).toBe('33.3%');
    expect(formatSuccessRate(100)).toBe('100.0%');
  });
});

describe('cost', () => {
  it('always has two decimals', () => {
    expect(formatCost('12.5')).toBe('12.50');
    expect(formatCost(3)).toBe('3.00');
    expect(formatCost('0.00')).toBe('0.00');
    expect(formatCost(null)).toBe('0.00');
    expect(formatCost('not a number')).toBe('0.00');
  });

  it('adds decimal strings without float error', () => {
    expect(sumCosts(['0.10', '0.20'])).toBe('0.30');
    expect(sumCosts([])).toBe('0.00');
    expect(sumCosts(['1.10', 2.2, '0'])).toBe('3.30');
  });
});

describe('setup progress', () => {
  it('counts the true flags out of eight', () => {
    expect(setupProgress(flags(0))).toBe(0);
    expect(setupProgress(flags(3))).toBe(3);
    expect(setupProgress(flags(8))).toBe(8);
    expect(setupProgress({ ...flags(0), setupTestingCompleted: true })).toBe(1);
  });

  it('is in progress from 1 to 7 flags', () => {
    expect([0, 1, 4, 7, 8].map((n) => isSetupInProgress(flags(n)))).toEqual([false, true, true, true, false]);
  });

  it('names a campaign only when exactly one is part-way through setup', () => {
    const a = flags(2, { name: 'A' });
    const b = flags(5, { name: 'B' });
    expect(campaignInSetup([a, flags(0), flags(8)])).toBe(a);
    expect(campaignInSetup([a, b])).toBeNull();
    expect(campaignInSetup([flags(0), flags(8)])).toBeNull();
    expect(campaignInSetup([])).toBeNull();
  });
});

describe('performance bar', () => {
  it('is the rate kept within 0 and 100', () => {
    expect(performanceBarPercent(42.5)).toBe(42.5);
    expect(performanceBarPercent(180)).toBe(100);
    expect(performanceBarPercent(-3)).toBe(0);
  });
});
