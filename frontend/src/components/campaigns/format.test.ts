import { describe, expect, it } from 'vitest';
import { campaignNumberLabel } from './format';

describe('campaignNumberLabel', () => {
  it('shows the campaign’s number as the other screens show numbers', () => {
    expect(campaignNumberLabel('+14155550102')).toBe('(415) 555-0102');
    expect(campaignNumberLabel('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('says there is no number yet while none is known', () => {
    expect(campaignNumberLabel(null)).toBe('No number yet');
  });
});
