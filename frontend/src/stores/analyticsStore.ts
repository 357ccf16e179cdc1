import { create } from 'zustand';
import type { Campaign, CampaignAnalytics } from '@ringcast/shared-types';
import { fetchCampaignAnalytics } from '../api/analytics';
import { requestErrorSentence } from '../api/errorPolicy';
import { defaultAnalyticsRange, isAskableRange, type AnalyticsRange } from './analyticsRange';
import { onSignOut } from './authStore';

/** A burst of pushes is gathered this long before the one read it causes. */
export const ANALYTICS_GATHER_MS = 1000;
/** However many pushes arrive, they cause at most one read in this long. */
export const ANALYTICS_REREAD_MIN_MS = 5000;

interface AnalyticsState {
  campaignId: number | null;
  range: AnalyticsRange;
  /** The figures of `range` once read; those of the previous range stay on screen until then. */
  data: CampaignAnalytics | null;
  /** A read is under way (the first, or after the range changed); pushes' reads do not show. */
  loading: boolean;
  /** Why the last read failed, in the error policy's words; null once one succeeds. */
  error: string | null;
  /** The tab of `campaignId` is on screen: read its figures; the returned function says it left. */
  show: (campaignId: number) => () => void;
  setRange: (range: AnalyticsRange) => void;
  /** Reads the figures again (after a reconnect, while polling, on Retry). */
  refresh: () => Promise<void>;
  /** A `campaign:updated` push: that campaign's calls moved, so its figures are read again soon. */
  campaignUpdated: (campaign: Pick<Campaign, 'id'>) => void;
}

// Only the newest read may write, so a slow answer for the previous range cannot win.
let latestRead = 0;
let lastPushRead = -Infinity;
// Until one is picked, the range is the default one as of the tab's opening (days move on at midnight UTC).
let rangePicked = false;
let rereadTimer: ReturnType<typeof setTimeout> | undefined;

const stopTimer = () => {
  clearTimeout(rereadTimer);
  rereadTimer = undefined;
};

export const useAnalyticsStore = create<AnalyticsState>((set, get) => {
  const read = async ({ shown }: { shown: boolean }) => {
    const { campaignId, range } = get();
    if (campaignId === null) return;
    const mine = ++latestRead;
    if (shown) set({ loading: true });
    try {
      const data = await fetchCampaignAnalytics(campaignId, range);
      if (mine === latestRead) set({ data, loading: false, error: null });
    } catch (err) {
      if (mine !== latestRead) return;
      set({ loading: false, error: requestErrorSentence(err, 'Could not load the analytics.') });
    }
  };

  return {
    campaignId: null,
    range: defaultAnalyticsRange(),
    data: null,
    loading: false,
    error: null,

    show: (campaignId) => {
      stopTimer();
      // Another campaign's figures are not shown while this one's load.
      if (get().campaignId !== campaignId) set({ campaignId, data: null, error: null });
      if (!rangePicked) set({ range: defaultAnalyticsRange() });
      void read({ shown: true });
      return () => {
        if (get().campaignId !== campaignId) return;
        latestRead++;
        stopTimer();
        set({ campaignId: null, data: null, loading: false, error: null });
      };
    },

    setRange: (range) => {
      const held = get().range;
      if ((held.from === range.from && held.to === range.to) || !isAskableRange(range)) return;
      rangePicked = true;
      set({ range });
      void read({ shown: true });
    },

    refresh: () => read({ shown: false }),

    campaignUpdated: (campaign) => {
      if (campaign.id !== get().campaignId || rereadTimer) return;
      const wait = Math.max(ANALYTICS_GATHER_MS, lastPushRead + ANALYTICS_REREAD_MIN_MS - Date.now());
      rereadTimer = setTimeout(() => {
        rereadTimer = undefined;
        lastPushRead = Date.now();
        void read({ shown: false });
      }, wait);
    },
  };
});

// An answer for the old session is dropped; the next one starts from the default range.
onSignOut(() => {
  latestRead++;
  rangePicked = false;
  stopTimer();
  useAnalyticsStore.setState({
    campaignId: null,
    range: defaultAnalyticsRange(),
    data: null,
    loading: false,
    error: null,
  });
});
