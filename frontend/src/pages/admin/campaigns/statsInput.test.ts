import { describe, expect, it } from 'vitest';
import { statsInputFrom } from './statsInput';

const current = { totalCalls: 10, successfulCalls: 4, totalCost: 7.5 };

describe('statsInputFrom', () => {
  it('keeps the campaign values for untouched fields', () => {
    expect(statsInputFrom(current, { totalCalls: 12 })).toEqual({
      totalCalls: 12,
      successfulCalls: 4,
      totalCost: 7.5,
    });
  });

  it('sends 0 for a cleared field, whole numbers for calls and cents for the cost', () => {
    expect(statsInputFrom(current, { totalCalls: null, successfulCalls: 3.9, totalCost: 12.345 })).toEqual({
      totalCalls: 0,
      successfulCalls: 3,
      totalCost: 12.35,
    });
  });
});
