import { describe, expect, it } from 'vitest';
import { paymentCampaignLabel } from './payment';

describe('paymentCampaignLabel', () => {
  it('names the campaign, a deleted one by the name its payment kept, and says when there is none', () => {
    expect(paymentCampaignLabel({ campaignName: 'Spring recall', campaignDeleted: false })).toBe(
      'Spring recall',
    );
    expect(paymentCampaignLabel({ campaignName: 'Spring recall', campaignDeleted: true })).toBe(
      'Spring recall (deleted)',
    );
    expect(paymentCampaignLabel({ campaignName: null, campaignDeleted: false })).toBe('No campaign');
  });
});
