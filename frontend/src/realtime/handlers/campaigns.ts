import { onReconnect, subscribe } from '../socket';
import { useCampaignsStore } from '../../stores/campaignsStore';
import { useDashboardStore } from '../../stores/dashboardStore';

/** The owner's campaigns (the list and the dashboard's figures), and the catch-up after a reconnect. */
export const campaignHandlers = () => [
  subscribe('campaign:updated', (campaign) => {
    useCampaignsStore.getState().receive(campaign);
    useDashboardStore.getState().campaignUpdated(campaign);
  }),
  subscribe('campaign:deleted', (payload) => {
    useCampaignsStore.getState().receiveDeleted(payload);
    useDashboardStore.getState().campaignDeleted(payload.id);
  }),
  onReconnect(() => {
    useCampaignsStore.getState().catchUp();
    void useDashboardStore.getState().refresh();
  }),
];
