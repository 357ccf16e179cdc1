import { describe, expect, it } from 'vitest';
import type { Campaign, CampaignDialing } from '@ringcast/shared-types';
import { mergeCampaign } from './campaignPageStore';

const dialing: CampaignDialing = {
  callsInFlight: 2,
  prospectsRemaining: 10,
  monthBillableCalls: 3,
  notDialingReason: null,
  answeredByPerson: 2,
  voicemails: 1,
};
const campaign = (updatedAt: string, withDialing?: CampaignDialing) =>
  ({ id: 1, userId: 1, updatedAt, status: 'active', dialing: withDialing }) as unknown as Campaign;

describe('mergeCampaign', () => {
  it('takes a copy with its dialing state as it is', () => {
    const next = campaign('2026-11-26T10:00:01.000Z', { ...dialing, callsInFlight: 1 });
    expect(mergeCampaign(campaign('2026-11-26T10:00:00.000Z', dialing), next)).toEqual({
      campaign: next,
      stale: false,
    });
  });

  it('accepts the same updatedAt: the dialing state moves without the row changing', () => {
    const next = campaign('2026-11-26T10:00:00.000Z', { ...dialing, callsInFlight: 0 });
    expect(mergeCampaign(campaign('2026-11-26T10:00:00.000Z', dialing), next)?.campaign).toBe(next);
  });

  it('ignores an older copy', () => {
    expect(
      mergeCampaign(campaign('2026-11-26T10:00:01.000Z', dialing), campaign('2026-11-26T10:00:00.000Z')),
    ).toBeNull();
  });

  it('keeps the held dialing state under a copy without one, and says it needs a read', () => {
    const merged = mergeCampaign(
      campaign('2026-11-26T10:00:00.000Z', dialing),
      campaign('2026-11-26T10:00:05.000Z'),
    );
    expect(merged?.campaign.dialing).toBe(dialing);
    expect(merged?.campaign.updatedAt).toBe('2026-11-26T10:00:05.000Z');
    expect(merged?.stale).toBe(true);
  });
});
