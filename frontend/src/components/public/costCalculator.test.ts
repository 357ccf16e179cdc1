import { describe, expect, it } from 'vitest';
import { parseCalls, quoteCalls, quoteInput, sliderValueFor } from './costCalculator';

describe('parseCalls', () => {
  it.each([
    ['500', 500],
    [' 2001 ', 2001],
    ['100000', 100000],
    ['150000', 150000],
  ])('reads %j as %i', (input, calls) => {
    expect(parseCalls(input)).toBe(calls);
  });

  it.each(['', '  ', '0', '-5', '12.5', '1e3', 'abc', '99999999999999999999'])('rejects %j', (input) => {
    expect(parseCalls(input)).toBeNull();
  });
});

describe('sliderValueFor', () => {
  it('defaults to 500 when the input is empty or invalid', () => {
    expect(sliderValueFor('')).toBe(500);
    expect(sliderValueFor('0')).toBe(500);
    expect(sliderValueFor('abc')).toBe(500);
  });

  it('follows the input, clamped to the slider range', () => {
    expect(sliderValueFor('1500')).toBe(1500);
    expect(sliderValueFor('10')).toBe(50);
    expect(sliderValueFor('50000')).toBe(20000);
  });
});

describe('quoteCalls', () => {
  it.each([
    [100, '$80', '$0.800'],
    [500, '$400', '$0.800'],
    [2000, '$1,600', '$0.800'],
    [2001, '$1,600.60', '$0.800'],
    [5000, '$3,400', '$0.680'],
    [10000, '$5,900', '$0.590'],
  ])('%i calls cost %s a month, %s per call', (calls, total, perCall) => {
    const quote = quoteCalls(calls);
    expect(quote.total).toBe(total);
    expect(quote.perCall).toBe(perCall);
    expect(quote.buttonLabel).toBe(`Get Started - ${total}/month`);
  });

  it('shows no volume discount up to 2,000 calls', () => {
    expect(quoteCalls(2000).savings).toBeNull();
  });

  it('shows the savings against $0.80 a call above 2,000 calls', () => {
    expect(quoteCalls(2001).savings).toBe('$0.20');
    expect(quoteCalls(5000).savings).toBe('$600');
    expect(quoteCalls(10000).savings).toBe('$2,100');
  });

  it('formats the monthly call count', () => {
    expect(quoteCalls(10000).callsLabel).toBe('10,000');
  });
});

describe('quoteInput', () => {
  it('gives a quote only for a positive integer', () => {
    expect(quoteInput('500')?.buttonLabel).toBe('Get Started - $400/month');
    expect(quoteInput('')).toBeNull();
    expect(quoteInput('0')).toBeNull();
  });
});
