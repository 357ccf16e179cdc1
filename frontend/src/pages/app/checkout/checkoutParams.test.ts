import { describe, expect, it } from 'vitest';
import { parseCheckoutParams } from './checkoutParams';

const parse = (query: string) => parseCheckoutParams(new URLSearchParams(query));

describe('parseCheckoutParams', () => {
  it('reads the campaign id and the amount in dollars', () => {
    expect(parse('campaignId=12&amount=670')).toEqual({ campaignId: 12, amountDollars: 670 });
    expect(parse('campaignId=3&amount=1234.5')).toEqual({ campaignId: 3, amountDollars: 1234.5 });
  });

  it('raises the amount to the 250 minimum, and uses the minimum when it is missing or not a number', () => {
    expect(parse('campaignId=1&amount=80').amountDollars).toBe(250);
    expect(parse('campaignId=1&amount=-5').amountDollars).toBe(250);
    expect(parse('campaignId=1').amountDollars).toBe(250);
    expect(parse('campaignId=1&amount=lots').amountDollars).toBe(250);
  });

  it('has no campaign for a missing, zero, negative or malformed id', () => {
    for (const query of [
      'amount=670',
      'campaignId=',
      'campaignId=0',
      'campaignId=-4',
      'campaignId=4x',
      'campaignId=1.5',
    ])
      expect(parse(query).campaignId).toBeNull();
  });
});
