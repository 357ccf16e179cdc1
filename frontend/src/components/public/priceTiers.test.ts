import { describe, expect, it } from 'vitest';
import { ratesSentence, tierBands } from './priceTiers';

describe('tierBands', () => {
  it('labels the three graduated tiers', () => {
    expect(tierBands()).toEqual([
      { from: 1, to: 2000, rate: '$0.80', range: 'Up to 2,000 calls' },
      { from: 2001, to: 5000, rate: '$0.60', range: '2,001 - 5,000 calls' },
      { from: 5001, to: null, rate: '$0.50', range: 'Above 5,000 calls' },
    ]);
  });
});

describe('ratesSentence', () => {
  it('states every rate with the calls it applies to', () => {
    expect(ratesSentence()).toBe(
      '$0.80 a call for calls 1-2,000, $0.60 for calls 2,001-5,000 and $0.50 for every call above 5,000',
    );
  });
});
