import { describe, expect, it } from 'vitest';
import { formatCents, formatDollars } from './money';

describe('formatCents', () => {
  it.each([
    [0, {}, '$0.00'],
    [5, {}, '$0.05'],
    [80, {}, '$0.80'],
    [25_000, {}, '$250.00'],
    [160_060, {}, '$1,600.60'],
    [123_456_789, {}, '$1,234,567.89'],
    [160_000, { dropZeroCents: true }, '$1,600'],
    [160_060, { dropZeroCents: true }, '$1,600.60'],
    [2_000, { dropZeroCents: true }, '$20'],
    [80, { digits: 3 }, '$0.800'],
    [220_000 / 3_000, { digits: 3 }, '$0.733'],
    [1_250, { currency: 'usd' }, '$12.50 USD'],
    [Number.NaN, {}, '$0.00'],
  ])('%d cents, %j: %s', (cents, format, expected) => {
    expect(formatCents(cents, format)).toBe(expected);
  });
});

describe('formatDollars', () => {
  it.each([
    ['1234.5', '$1,234.50'],
    ['0.00', '$0.00'],
    [12.5, '$12.50'],
    [3, '$3.00'],
    [0.1 + 0.2, '$0.30'],
    [null, '$0.00'],
    [undefined, '$0.00'],
    ['not a number', '$0.00'],
  ])('%j: %s', (amount, expected) => {
    expect(formatDollars(amount)).toBe(expected);
  });

  it('takes the same options as formatCents', () => {
    expect(formatDollars('250', { dropZeroCents: true })).toBe('$250');
    expect(formatDollars(250.5, { currency: 'usd' })).toBe('$250.50 USD');
  });
});
