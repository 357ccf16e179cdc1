import { describe, expect, it } from 'vitest';
import { campaignCallerId } from './callerId';

describe('campaignCallerId', () => {
  it('is the number bought for the campaign, whatever the owner’s own', () => {
    const bought = { useProvidedNumber: true, providedPhoneNumber: '+14155550102' };
    expect(campaignCallerId(bought, '+16465550116')).toBe('+14155550102');
    expect(
      campaignCallerId({ useProvidedNumber: true, providedPhoneNumber: null }, '+16465550116'),
    ).toBeNull();
  });

  it('is the owner’s Twilio number for a campaign on their own account, null until they save one', () => {
    const own = { useProvidedNumber: false, providedPhoneNumber: '+14155550102' };
    expect(campaignCallerId(own, '+16465550116')).toBe('+16465550116');
    expect(campaignCallerId(own, null)).toBeNull();
    expect(campaignCallerId(own, '')).toBeNull();
  });
});
