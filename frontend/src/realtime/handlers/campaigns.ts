import { onReconnect, subscribe } from '../socket';
import { useCampaignPageStore } from '../../stores/campaignPageStore';
import { useCampaignsStore } from '../../stores/campaignsStore';
import { useDashboardStore } from '../../stores/dashboardStore';

/**
 * The owner's campaigns (the list, the campaign page and the dashboard's figures), and the catch-up
 * after a reconnect.
 */
export const campaignHandlers = () => [
  subscribe('campaign:updated', (campaign) => {
    useCampaignsStore.getState().receive(campaign);
    useCampaignPageStore.getState().receive(campaign);
    useDashboardStore.getState().campaignUpdated(campaign);
  }),
  subscribe('campaign:deleted', (payload) => {
    useCampaignsStore.getState().receiveDeleted(payload);
    useCampaignPageStore.getState().campaignDeleted(payload.id);
    useDashboardStore.getState().campaignDeleted(payload.id);
  }),
  onReconnect(() => {
    useCampaignsStore.getState().catchUp();
    void useCampaignPageStore.getState().refresh();
    void useDashboardStore.getState().refresh();
  }),
];
