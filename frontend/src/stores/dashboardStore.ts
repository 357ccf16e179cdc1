import { create } from 'zustand';
import type { Campaign, CallRecord, DashboardDays, DashboardStats } from '@ringcast/shared-types';
import { readDashboard } from '../api/dashboard';
import { isMine, onSignOut } from './authStore';

/** Calls can finish in bursts; one read per second of activity is plenty for totals. */
export const DASHBOARD_REFRESH_DEBOUNCE_MS = 1000;

interface DashboardState {
  data: DashboardStats | null;
  /** A read is under way (the first one, or after the period changed). */
  loading: boolean;
  failed: boolean;
  /**
   * The dashboard is on screen for the period `days`: read it now (the figures of the previous
   * period stay until the answer), and again as the user's campaigns and calls change.
   */
  show: (days: DashboardDays) => void;
  /** The dashboard left the screen: its figures are not kept, nothing more is read. */
  hide: () => void;
  /** Re-reads the period on screen (after a reconnect, while polling); nothing when none is. */
  refresh: () => Promise<void>;
  /** A `campaign:updated` push; an admin's other users' campaigns do not count here. */
  campaignUpdated: (campaign: Campaign) => void;
  /** A `campaign:deleted` push. */
  campaignDeleted: (id: number) => void;
  /** A `call:updated` push. */
  callUpdated: (call: CallRecord) => void;
}

const EMPTY = { data: null, loading: true, failed: false };

// The period on screen, null while the dashboard is not shown (its figures are then not kept).
let shown: DashboardDays | null = null;
// Only the newest read may write, so a slow answer for the previous period cannot win.
let latestRead = 0;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

export const useDashboardStore = create<DashboardState>((set, get) => {
  const refreshSoon = () => {
    if (shown === null) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void get().refresh(), DASHBOARD_REFRESH_DEBOUNCE_MS);
  };
  const isShownCampaign = (campaignId: number) =>
    get().data?.campaigns.some((campaign) => campaign.id === campaignId) ?? false;

  return {
    ...EMPTY,

    show: (days) => {
      shown = days;
      set({ loading: true });
      void get().refresh();
    },

    hide: () => {
      shown = null;
      latestRead++;
      clearTimeout(refreshTimer);
      set(EMPTY);
    },

    refresh: async () => {
      const days = shown;
      if (days === null) return;
      const read = ++latestRead;
      try {
        const data = await readDashboard(days);
        if (read === latestRead) set({ data, loading: false, failed: false });
      } catch (err) {
        console.error('Could not load the dashboard', err);
        if (read === latestRead) set((s) => ({ loading: false, failed: !s.data }));
      }
    },

    campaignUpdated: (campaign) => {
      if (isMine(campaign)) refreshSoon();
    },
    campaignDeleted: (id) => {
      if (isShownCampaign(id)) refreshSoon();
    },
    callUpdated: (call) => {
      if (isShownCampaign(call.campaignId)) refreshSoon();
    },
  };
});

// Signing out takes the user off the dashboard; an answer for the old session is dropped.
onSignOut(() => useDashboardStore.getState().hide());
