import { subscribe } from '../socket';
import { useDashboardStore } from '../../stores/dashboardStore';

/** The owner's calls: today they move the dashboard's figures. */
export const callHandlers = () => [
  subscribe('call:updated', (call) => useDashboardStore.getState().callUpdated(call)),
];
