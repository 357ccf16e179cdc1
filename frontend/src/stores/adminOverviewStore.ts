import { create } from 'zustand';
import type { AdminOverview } from '@ringcast/shared-types';
import { fetchAdminOverview } from '../api/admin';
import { ADMIN_REFRESH_DEBOUNCE_MS } from './adminListStore';
import { onSignOut } from './authStore';

interface AdminOverviewState {
  overview: AdminOverview | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Reads the figures; only the newest read may write. */
  fetch: () => Promise<void>;
  /**
   * Something changed somewhere (any admin push): the figures are computed on the server, so they
   * are read again, once per burst of pushes.
   */
  scheduleRefresh: () => void;
  clear: () => void;
}

let generation = 0;
let fetchSeq = 0;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

export const useAdminOverviewStore = create<AdminOverviewState>((set, get) => ({
  overview: null,
  status: 'idle',

  fetch: async () => {
    const gen = generation;
    const seq = ++fetchSeq;
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const overview = await fetchAdminOverview();
      if (gen === generation && seq === fetchSeq) set({ overview, status: 'ready' });
    } catch (err) {
      console.error('Could not load the admin overview', err);
      if (gen === generation && seq === fetchSeq && get().status !== 'ready') set({ status: 'error' });
    }
  },

  scheduleRefresh: () => {
    // Nothing on screen yet: the first read will have it all.
    if (get().status === 'idle') return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void get().fetch(), ADMIN_REFRESH_DEBOUNCE_MS);
  },

  clear: () => {
    generation++;
    clearTimeout(refreshTimer);
    set({ overview: null, status: 'idle' });
  },
}));

onSignOut(() => useAdminOverviewStore.getState().clear());
