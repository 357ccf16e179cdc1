import { describe, expect, it } from 'vitest';
import type { Campaign } from '@ringcast/shared-types';
import { campaignBilling, formatPeriod, isReadOnlyCampaign } from './campaignBilling';

const campaign = (fields: Record<string, unknown>) =>
  ({ status: 'active', ...fields }) as unknown as Campaign;

describe('campaignBilling', () => {
  it('reads the subscription fields when the campaign carries them', () => {
    expect(
      campaignBilling(
        campaign({
          cancelAtPeriodEnd: true,
          currentPeriodStart: '2026-12-06T10:00:00.000Z',
          currentPeriodEnd: '2027-01-06T10:00:00.000Z',
          overage: true,
        }),
      ),
    ).toEqual({
      cancelAtPeriodEnd: true,
      currentPeriodStart: '2026-12-06T10:00:00.000Z',
      currentPeriodEnd: '2027-01-06T10:00:00.000Z',
      overage: true,
    });
  });

  it('falls back to no period, not canceling and no overage when they are missing or malformed', () => {
    expect(campaignBilling(campaign({ currentPeriodEnd: 'soon', overage: 'yes' }))).toEqual({
      cancelAtPeriodEnd: false,
      currentPeriodStart: null,
      currentPeriodEnd: null,
      overage: false,
    });
  });
});

describe('formatPeriod', () => {
  it('needs both ends', () => {
    expect(formatPeriod(null, '2027-01-06T10:00:00.000Z')).toBeNull();
    expect(formatPeriod('2026-12-06T10:00:00.000Z', '2027-01-06T10:00:00.000Z')).toContain(' – ');
  });
});

describe('isReadOnlyCampaign', () => {
  it('is only a canceled campaign', () => {
    expect(isReadOnlyCampaign({ status: 'canceled' })).toBe(true);
    expect(isReadOnlyCampaign({ status: 'past_due' })).toBe(false);
  });
});
