import { onReconnect, subscribe } from '../socket';
import { useCampaignCallsStore } from '../../stores/callLogStore';
import { useDashboardStore } from '../../stores/dashboardStore';

/** The owner's calls: they move the dashboard's figures and the call log of the campaign page. */
export const callHandlers = () => [
  subscribe('call:updated', (call) => {
    useDashboardStore.getState().callUpdated(call);
    useCampaignCallsStore.getState().callPushed(call);
  }),
  onReconnect(() => void useCampaignCallsStore.getState().refresh()),
];
