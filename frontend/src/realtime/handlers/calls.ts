import { onReconnect, subscribe } from '../socket';
import { useCallDrawerStore } from '../../stores/callDrawerStore';
import { useCampaignCallsStore } from '../../stores/callLogStore';
import { useDashboardStore } from '../../stores/dashboardStore';
import { useLiveCallsStore } from '../../stores/liveCallsStore';

/**
 * Calls and their conversations: they move the dashboard's figures, the campaign page's call log
 * and live calls, and the call drawer (an admin's tab hears the transcripts of calls too).
 */
export const callHandlers = () => [
  subscribe('call:updated', (call) => {
    useDashboardStore.getState().callUpdated(call);
    useCampaignCallsStore.getState().callPushed(call);
    useLiveCallsStore.getState().callPushed(call);
    useCallDrawerStore.getState().callPushed(call);
  }),
  subscribe('call:transcript', (payload) => {
    useLiveCallsStore.getState().turnPushed(payload);
    useCallDrawerStore.getState().turnPushed(payload);
  }),
  onReconnect(() => {
    void useCampaignCallsStore.getState().refresh();
    void useLiveCallsStore.getState().refresh();
    void useCallDrawerStore.getState().refresh();
  }),
];
