import type { Campaign } from '@ringcast/shared-types';
import * as campaignsApi from '../api/campaigns';
import { createResourceStore } from './createResourceStore';

const newestFirst = (a: Campaign, b: Campaign) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** The signed-in user's campaigns, newest first. */
export const useCampaignsStore = createResourceStore({
  keys: { items: 'campaigns', fetch: 'fetchCampaigns' },
  label: 'campaigns',
  read: campaignsApi.fetchCampaigns,
  order: newestFirst,
  actions: ({ write, forget }) => ({
    /** Pause (paused) or Start (active); resolves with the stored campaign, rejects with the ApiError. */
    setStatus: (id: number, status: 'active' | 'paused') =>
      write(
        () => campaignsApi.updateCampaign(id, { status }),
        (campaign) => campaign,
      ),
    deleteCampaign: async (id: number) => {
      await campaignsApi.deleteCampaign(id);
      forget(id);
    },
  }),
});
