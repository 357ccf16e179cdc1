import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatMoneyOrDash,
  formatMs,
  formatPercent,
  formatTalkTime,
  rateOf,
  shortDay,
} from './analyticsFormat';

describe('analytics formatting', () => {
  it('gives no rate of nothing, and a share otherwise', () => {
    expect(rateOf(3, 0)).toBeNull();
    expect(rateOf(0, 4)).toBe(0);
    expect(rateOf(16, 25)).toBe(0.64);
  });

  it('writes rates whole from 10 %, with a decimal below, never 100 % short of all nor 0 % above none', () => {
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.6438)).toBe('64%');
    expect(formatPercent(0.053)).toBe('5.3%');
    expect(formatPercent(1)).toBe('100%');
    expect(formatPercent(999 / 1000)).toBe('99%');
    expect(formatPercent(1 / 100_000)).toBe('0.1%');
    expect(formatPercent(0.0996)).toBe('10%');
  });

  it('writes talk time as m:ss and response times in ms or s', () => {
    expect(formatTalkTime(null)).toBe('—');
    expect(formatTalkTime(187)).toBe('3:07');
    expect(formatTalkTime(62.6)).toBe('1:03');
    expect(formatTalkTime(4)).toBe('0:04');
    expect(formatMs(null)).toBe('—');
    expect(formatMs(640)).toBe('640 ms');
    expect(formatMs(1240)).toBe('1.24 s');
  });

  it('names a count with its noun, one or many', () => {
    expect(countOf(1, 'appointment')).toBe('1 appointment');
    expect(countOf(0, 'call')).toBe('0 calls');
    expect(countOf(1200, 'analysed call')).toBe('1,200 analysed calls');
  });

  it('writes an amount as dollars, or a dash when there is none', () => {
    expect(formatMoneyOrDash(null)).toBe('—');
    expect(formatMoneyOrDash('1234.5')).toBe('$1,234.50');
  });

  it("names a UTC day whatever the viewer's zone", () => {
    expect(shortDay('2026-12-07')).toBe('Dec 7');
  });
});
