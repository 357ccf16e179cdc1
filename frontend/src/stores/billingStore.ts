import { create } from 'zustand';
import type { BillingOverview, BillingUpdate } from '@ringcast/shared-types';
import { fetchBilling } from '../api/billing';
import { isMine, onSignOut } from './authStore';
import type { LoadStatus } from './createResourceStore';
import { mergeBillingUpdate } from './billingMerge';

/** A renewal sends several pushes in a row (invoice, subscription); one read after them is enough. */
export const BILLING_REREAD_DEBOUNCE_MS = 400;

interface BillingState {
  overview: BillingOverview | null;
  status: LoadStatus;
  /** Reads the overview (the first time, or again after a change made here). */
  load: () => Promise<void>;
  /** A `billing:updated` push: shown at once, then the overview is read again for what it lacks. */
  receive: (update: BillingUpdate) => void;
  /** After a reconnect or a poll: reads again what is held. */
  catchUp: () => void;
  clear: () => void;
}

// Only the newest read may write, so a slow answer cannot undo a newer one.
let latestRead = 0;
let rereadTimer: ReturnType<typeof setTimeout> | undefined;

/** The signed-in user's billing: card, credit, subscriptions and invoices (/account, campaign page). */
export const useBillingStore = create<BillingState>((set, get) => ({
  overview: null,
  status: 'idle',

  load: async () => {
    const read = ++latestRead;
    if (!get().overview) set({ status: 'loading' });
    try {
      const overview = await fetchBilling();
      if (read === latestRead) set({ overview, status: 'ready' });
    } catch (err) {
      console.error('Could not load billing', err);
      if (read === latestRead) set((s) => ({ status: s.overview ? 'ready' : 'error' }));
    }
  },

  receive: (update) => {
    // An admin hears every user's billing; this store holds only the signed-in user's.
    if (!isMine(update)) return;
    const held = get().overview;
    if (!held) return;
    set({ overview: mergeBillingUpdate(held, update) });
    clearTimeout(rereadTimer);
    rereadTimer = setTimeout(() => void get().load(), BILLING_REREAD_DEBOUNCE_MS);
  },

  catchUp: () => {
    if (get().status !== 'idle') void get().load();
  },

  clear: () => {
    latestRead++;
    clearTimeout(rereadTimer);
    set({ overview: null, status: 'idle' });
  },
}));

onSignOut(() => useBillingStore.getState().clear());
