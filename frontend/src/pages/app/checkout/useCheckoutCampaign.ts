import { useEffect, useState } from 'react';
import type { Campaign } from '@ringcast/shared-types';
import { useCampaignsStore } from '../../../stores/campaignsStore';

export type CheckoutCampaign =
  | { status: 'loading' }
  | { status: 'error' }
  /** Not among the user's campaigns: unknown, deleted, or someone else's. */
  | { status: 'missing' }
  | { status: 'found'; campaign: Campaign };

/**
 * The campaign being paid for, from the user's campaign list (there is no read by id). The list is
 * read once when the page opens, so a campaign created in another tab is found too.
 */
export function useCheckoutCampaign(campaignId: number): CheckoutCampaign {
  const fetchCampaigns = useCampaignsStore((s) => s.fetchCampaigns);
  const listStatus = useCampaignsStore((s) => s.status);
  const campaign = useCampaignsStore((s) => s.campaigns.find((c) => c.id === campaignId));
  const [readOnce, setReadOnce] = useState(false);

  useEffect(() => {
    let live = true;
    void fetchCampaigns().then(() => {
      if (live) setReadOnce(true);
    });
    return () => {
      live = false;
    };
  }, [fetchCampaigns]);

  if (campaign) return { status: 'found', campaign };
  if (!readOnce) return { status: 'loading' };
  return listStatus === 'error' ? { status: 'error' } : { status: 'missing' };
}
