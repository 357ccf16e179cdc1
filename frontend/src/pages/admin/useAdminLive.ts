import { useCallback, useEffect } from 'react';
import { onReconnect, subscribe } from '../../realtime/socket';
import { useFallbackPoll } from '../../realtime/useFallbackPoll';
import { useAdminOverviewStore } from '../../stores/adminOverviewStore';
import {
  useAdminCampaignsStore,
  useAdminPaymentsStore,
  useAdminTicketsStore,
  useAdminUsersStore,
} from '../../stores/adminStores';
import type { AdminTab } from './adminTabs';

const LIST_STORES = {
  users: useAdminUsersStore,
  campaigns: useAdminCampaignsStore,
  payments: useAdminPaymentsStore,
  support: useAdminTicketsStore,
} as const;

/** Re-reads what the tab on screen shows. */
function refreshTab(tab: AdminTab) {
  if (tab === 'overview') void useAdminOverviewStore.getState().fetch();
  else void LIST_STORES[tab].getState().refresh();
}

/**
 * Feeds every admin push into the stores while /admin is open: each list upserts its rows, and
 * the overview is re-read (its figures are computed on the server). After a reconnect the tab on
 * screen is read again; while the socket is down it is polled.
 */
export function useAdminLive(activeTab: AdminTab) {
  useEffect(() => {
    const overviewChanged = () => useAdminOverviewStore.getState().scheduleRefresh();
    const stops = [
      subscribe('campaign:updated', (campaign) => {
        useAdminCampaignsStore.getState().receive(campaign);
        overviewChanged();
      }),
      subscribe('campaign:deleted', ({ id }) => {
        useAdminCampaignsStore.getState().remove(id);
        overviewChanged();
      }),
      subscribe('ticket:updated', (ticket) => {
        useAdminTicketsStore.getState().receive(ticket);
        overviewChanged();
      }),
      subscribe('payment:recorded', (payment) => {
        useAdminPaymentsStore.getState().receive(payment);
        overviewChanged();
      }),
      subscribe('user:updated', (user) => {
        useAdminUsersStore.getState().receive(user);
        overviewChanged();
      }),
      subscribe('prospectList:updated', overviewChanged),
      subscribe('contactMessage:received', overviewChanged),
    ];
    return () => stops.forEach((stop) => stop());
  }, []);

  const refreshActive = useCallback(() => refreshTab(activeTab), [activeTab]);
  useEffect(() => onReconnect(refreshActive), [refreshActive]);
  useFallbackPoll(refreshActive);
}
