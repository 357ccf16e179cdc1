import { create } from 'zustand';
import type { AdminOverview, AdminPayment, Campaign, SupportTicket } from '@ringcast/shared-types';
import { fetchAdminOverview } from '../api/admin';
import { ADMIN_REFRESH_DEBOUNCE_MS } from './adminListStore';
import {
  campaignDeleted,
  campaignPushed,
  paymentPushed,
  ticketPushed,
  userPushed,
  type KnownCampaigns,
  type PushOutcome,
} from './adminOverviewPushes';
import { onSignOut } from './authStore';
import { isNotOlder } from './createResourceStore';

/** However many pushes arrive, they cause at most one read of the overview in this long. */
export const OVERVIEW_REREAD_MIN_MS = 5000;

interface AdminOverviewState {
  overview: AdminOverview | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /**
   * The Overview tab is on screen: read the figures now, and keep them current until the returned
   * function says it left. Pushes change them where they can tell how (adminOverviewPushes.ts);
   * otherwise the figures are read again.
   */
  show: () => () => void;
  /** Reads the figures; only the newest read may write. */
  fetch: () => Promise<void>;
  /** After a reconnect: pushes were missed, so what they taught is dropped and the figures read again. */
  catchUp: () => void;
  campaignUpdated: (campaign: Campaign) => void;
  campaignDeleted: (id: number) => void;
  ticketUpdated: (ticket: SupportTicket) => void;
  paymentRecorded: (payment: AdminPayment) => void;
  userUpdated: () => void;
  /** A `billing:updated` push: the billing tiles (MRR, past due, cancellations) are read again. */
  billingUpdated: () => void;
  clear: () => void;
}

// Bumped on sign-out so an answer for the previous session is dropped.
let generation = 0;
let fetchSeq = 0;
// How many Overview tabs are mounted; pushes cause reads only while one is.
let watchers = 0;
// Counts the pushes that changed the figures: a read compares it with its value when sent.
let pushSeq = 0;
let lastPushRead = -Infinity;
let rereadTimer: ReturnType<typeof setTimeout> | undefined;
const known: KnownCampaigns = new Map();

export const useAdminOverviewStore = create<AdminOverviewState>((set, get) => {
  /** One read for every push until it is sent: after a short gather, never sooner than 5 s after the last. */
  const rereadSoon = () => {
    if (watchers === 0 || rereadTimer) return;
    const wait = Math.max(ADMIN_REFRESH_DEBOUNCE_MS, lastPushRead + OVERVIEW_REREAD_MIN_MS - Date.now());
    rereadTimer = setTimeout(() => {
      rereadTimer = undefined;
      lastPushRead = Date.now();
      void get().fetch();
    }, wait);
  };

  const apply = (push: (overview: AdminOverview) => PushOutcome) => {
    const { overview } = get();
    // Nothing read yet: the first read, under way or to come, is asked again if it may predate this.
    if (!overview) return void pushSeq++;
    const outcome = push(overview);
    if (outcome.overview === overview && !outcome.reread) return;
    pushSeq++;
    set({ overview: outcome.overview });
    if (outcome.reread) rereadSoon();
  };

  return {
    overview: null,
    status: 'idle',

    show: () => {
      watchers++;
      void get().fetch();
      return () => {
        if (--watchers > 0) return;
        clearTimeout(rereadTimer);
        rereadTimer = undefined;
      };
    },

    fetch: async () => {
      const gen = generation;
      const seq = ++fetchSeq;
      const sentAt = pushSeq;
      if (get().status !== 'ready') set({ status: 'loading' });
      try {
        const overview = await fetchAdminOverview();
        if (gen !== generation || seq !== fetchSeq) return;
        for (const row of overview.recentCampaigns) {
          const seen = known.get(row.id);
          if (!seen || isNotOlder(row, seen)) known.set(row.id, row);
        }
        set({ overview, status: 'ready' });
        // A push that changed the figures while the read was under way may be missing from its answer.
        if (pushSeq !== sentAt) rereadSoon();
      } catch (err) {
        console.error('Could not load the admin overview', err);
        if (gen === generation && seq === fetchSeq && get().status !== 'ready') set({ status: 'error' });
      }
    },

    catchUp: () => {
      known.clear();
      if (watchers > 0) void get().fetch();
    },

    campaignUpdated: (campaign) => apply((overview) => campaignPushed(overview, known, campaign)),
    campaignDeleted: (id) => apply((overview) => campaignDeleted(overview, known, id)),
    ticketUpdated: (ticket) => apply((overview) => ticketPushed(overview, ticket)),
    paymentRecorded: (payment) => apply((overview) => paymentPushed(overview, payment)),
    userUpdated: () => apply(userPushed),
    billingUpdated: () => apply((overview) => ({ overview, reread: true })),

    clear: () => {
      generation++;
      clearTimeout(rereadTimer);
      rereadTimer = undefined;
      lastPushRead = -Infinity;
      known.clear();
      set({ overview: null, status: 'idle' });
    },
  };
});

onSignOut(() => useAdminOverviewStore.getState().clear());
