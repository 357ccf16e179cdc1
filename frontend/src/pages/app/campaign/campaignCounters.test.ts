import { describe, expect, it } from 'vitest';
import type { Campaign } from '@ringcast/shared-types';
import { campaignCounters } from './campaignCounters';

const campaign = {
  totalCalls: 8,
  receivedCalls: 0,
  successfulCalls: 3,
  totalCost: '4.80',
  monthlyCallVolume: 1000,
  dialing: {
    callsInFlight: 2,
    prospectsRemaining: 1234,
    monthBillableCalls: 6,
    notDialingReason: null,
    answeredByPerson: 4,
    voicemails: 2,
  },
} as unknown as Campaign;

describe('campaignCounters', () => {
  it('derives the rates from the calls placed', () => {
    expect(Object.fromEntries(campaignCounters(campaign))).toEqual({
      'Calls placed': '8',
      'Calls received': '0',
      'Answered by a person': '4',
      'Pick-up rate': '50.0%',
      Voicemails: '2',
      Successful: '3',
      'Success rate': '37.5%',
      Cost: '$4.80',
      'In flight now': '2',
      'Prospects left': '1,234',
      'Used this month': '6 of 1,000',
    });
  });

  it('counts the calls rung into the number apart from those placed, the rates over both', () => {
    const shown = Object.fromEntries(campaignCounters({ ...campaign, totalCalls: 10, receivedCalls: 2 }));
    expect(shown).toMatchObject({
      'Calls placed': '8',
      'Calls received': '2',
      'Pick-up rate': '40.0%',
      'Success rate': '30.0%',
    });
  });

  it('shows zeros before the first call and without a dialing state', () => {
    const fresh = { ...campaign, totalCalls: 0, successfulCalls: 0, dialing: undefined };
    const shown = Object.fromEntries(campaignCounters(fresh));
    expect(shown['Pick-up rate']).toBe('0.0%');
    expect(shown['In flight now']).toBe('0');
  });

  it('counts the billing period, with its dates, once the dialer names it', () => {
    const billed = {
      ...campaign,
      dialing: {
        ...campaign.dialing,
        periodStart: '2026-12-06T12:00:00.000Z',
        periodEnd: '2027-01-06T12:00:00.000Z',
      },
    } as unknown as Campaign;
    const used = campaignCounters(billed).find(([label]) => label === 'Calls of this billing period');
    expect(used?.[1]).toBe('6 of 1,000');
    expect(used?.[2]).toMatch(/2026 – .*2027/);
  });
});
