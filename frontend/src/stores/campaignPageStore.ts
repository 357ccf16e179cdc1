import { create } from 'zustand';
import type { CallActivity, CallActivityRange, Campaign } from '@ringcast/shared-types';
import { requestFailureOf } from '../api/errorPolicy';
import {
  OPENING_ACTIVITY_RANGE,
  readCallActivity,
  readCampaign as readCampaignOnce,
} from '../api/campaignPagePrefetch';
import { isMine, onSignOut } from './authStore';
import { isNotOlder, type LoadStatus } from './createResourceStore';

/**
 * Pushes carry the campaign with its dialing state, not the chart: calls by result per hour or day
 * are counted on the server. When the totals move, the chart is read again, once per burst, this
 * long after its first push.
 */
export const CALL_ACTIVITY_REREAD_MS = 1000;

interface CampaignPageState {
  campaignId: number | null;
  /** The campaign with its dialing state. */
  campaign: Campaign | null;
  status: LoadStatus | 'missing';
  range: CallActivityRange;
  activity: CallActivity | null;
  /** The page of `campaignId` is on screen; the returned function says it left. */
  show: (campaignId: number) => () => void;
  setRange: (range: CallActivityRange) => void;
  /** Reads the campaign and its chart again (after a reconnect, while polling). */
  refresh: () => Promise<void>;
  /** A `campaign:updated` push (with its dialing state), or the answer of the owner's own write. */
  receive: (campaign: Campaign) => void;
  campaignDeleted: (id: number) => void;
}

/**
 * Which copy of the campaign to hold: an older one changes nothing; one without a dialing state
 * (a write's answer) keeps the dialing state held, until the write's push, which carries it.
 */
export function mergeCampaign(held: Campaign | null, incoming: Campaign): Campaign | null {
  if (held && !isNotOlder(incoming, held)) return null;
  if (incoming.dialing || !held?.dialing) return incoming;
  return { ...incoming, dialing: held.dialing };
}

let latestCampaignRead = 0;
let latestActivityRead = 0;
let activityTimer: ReturnType<typeof setTimeout> | undefined;

const stopTimers = () => {
  clearTimeout(activityTimer);
  activityTimer = undefined;
};

/** The owner's /campaigns/:id: the campaign, its dialing state and its chart, kept current by pushes. */
export const useCampaignPageStore = create<CampaignPageState>((set, get) => {
  const readCampaign = async () => {
    const id = get().campaignId;
    if (id === null) return;
    const mine = ++latestCampaignRead;
    try {
      const campaign = await readCampaignOnce(id);
      if (mine !== latestCampaignRead) return;
      const held = get().campaign;
      const merged = mergeCampaign(held, campaign);
      set({ ...(merged && { campaign: merged }), status: 'ready' });
      // A read can be the first to see new calls (the fallback poll, a reconnect).
      if (held && merged && merged.totalCalls !== held.totalCalls) activitySoon();
    } catch (err) {
      if (mine !== latestCampaignRead) return;
      if (requestFailureOf(err) === 'missing') return set({ status: 'missing', campaign: null });
      console.error('Could not load the campaign', err);
      if (get().status !== 'ready') set({ status: 'error' });
    }
  };

  const readActivity = async () => {
    const { campaignId: id, range } = get();
    if (id === null) return;
    const mine = ++latestActivityRead;
    try {
      const activity = await readCallActivity(id, range);
      if (mine === latestActivityRead) set({ activity });
    } catch (err) {
      console.error('Could not load the call activity', err);
    }
  };

  const activitySoon = () => {
    activityTimer ??= setTimeout(() => {
      activityTimer = undefined;
      void readActivity();
    }, CALL_ACTIVITY_REREAD_MS);
  };

  return {
    campaignId: null,
    campaign: null,
    status: 'idle',
    range: OPENING_ACTIVITY_RANGE,
    activity: null,

    show: (campaignId) => {
      stopTimers();
      set({ campaignId, campaign: null, activity: null, status: 'loading' });
      void get().refresh();
      return () => {
        if (get().campaignId !== campaignId) return;
        latestCampaignRead++;
        latestActivityRead++;
        stopTimers();
        set({ campaignId: null, campaign: null, activity: null, status: 'idle' });
      };
    },

    setRange: (range) => {
      set({ range });
      void readActivity();
    },

    refresh: async () => {
      await Promise.all([readCampaign(), readActivity()]);
    },

    receive: (incoming) => {
      const { campaignId, campaign: held } = get();
      if (incoming.id !== campaignId || !isMine(incoming)) return;
      const merged = mergeCampaign(held, incoming);
      if (!merged) return;
      set({ campaign: merged });
      if (held && merged.totalCalls !== held.totalCalls) activitySoon();
    },

    campaignDeleted: (id) => {
      if (id !== get().campaignId) return;
      latestCampaignRead++;
      stopTimers();
      set({ campaign: null, status: 'missing' });
    },
  };
});

onSignOut(() => {
  latestCampaignRead++;
  latestActivityRead++;
  stopTimers();
  useCampaignPageStore.setState({ campaignId: null, campaign: null, activity: null, status: 'idle' });
});
