import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../api/billing';
import { NOT_DIALING_MESSAGES, SETUP_FLAGS, type SetupFlags } from '../domain/campaign';
import { notDialingReason } from './dialing';

const allSet = Object.fromEntries(SETUP_FLAGS.map((flag) => [flag, true])) as SetupFlags;
const campaign = {
  ...allSet,
  status: 'active' as const,
  useProvidedNumber: true,
  providedPhoneNumber: '+12125550100',
  monthlyCallVolume: 100,
};
const facts = { prospectsReady: true, prospectsRemaining: 5, monthBillableCalls: 10, consentMissing: false };

describe('notDialingReason', () => {
  it('is null for an active, complete campaign with prospects and volume left', () => {
    expect(notDialingReason(campaign, facts)).toBeNull();
  });

  it.each([
    ['paused', { ...campaign, status: 'paused' as const }, facts],
    ['past_due', { ...campaign, status: 'past_due' as const }, facts],
    ['canceled', { ...campaign, status: 'canceled' as const }, facts],
    [
      'waiting_for_number',
      { ...campaign, providedPhoneNumber: null, setupPhoneNumberConfigured: false },
      facts,
    ],
    ['setup_incomplete', { ...campaign, setupTestingCompleted: false }, facts],
    ['consent_missing', campaign, { ...facts, consentMissing: true }],
    ['no_prospects', campaign, { ...facts, prospectsReady: false }],
    ['monthly_volume_used', campaign, { ...facts, monthBillableCalls: 100 }],
    ['nothing_left', campaign, { ...facts, prospectsRemaining: 0 }],
  ])('%s', (reason, c, f) => {
    expect(notDialingReason(c, f)).toBe(reason);
  });

  it('says a renewal failed, in the billing words, before any other reason', () => {
    const pastDue = { ...campaign, status: 'past_due' as const, setupTestingCompleted: false };
    expect(notDialingReason(pastDue, { ...facts, prospectsRemaining: 0 })).toBe('past_due');
    expect(NOT_DIALING_MESSAGES.past_due).toBe(BILLING_MESSAGES.pastDue);
  });

  it('keeps calling past the package when overage is on', () => {
    expect(
      notDialingReason({ ...campaign, overage: true }, { ...facts, monthBillableCalls: 150 }),
    ).toBeNull();
    expect(notDialingReason({ ...campaign, overage: false }, { ...facts, monthBillableCalls: 100 })).toBe(
      'monthly_volume_used',
    );
  });

  it('has nothing to say for drafts and completed campaigns', () => {
    expect(notDialingReason({ ...campaign, status: 'draft' }, facts)).toBeNull();
    expect(notDialingReason({ ...campaign, status: 'completed' }, facts)).toBeNull();
  });
});
