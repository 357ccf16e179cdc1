import { create } from 'zustand';
import type { AdminQuality } from '@ringcast/shared-types';
import { fetchAdminQuality } from '../api/analytics';
import { requestErrorSentence } from '../api/errorPolicy';
import { onSignOut } from './authStore';
import type { LoadStatus } from './createResourceStore';

/** The period the Overview's conversation quality covers. */
export const ADMIN_QUALITY_DAYS = 30;

interface AdminQualityState {
  quality: AdminQuality | null;
  status: LoadStatus;
  /** Why the last read failed, in the error policy's words. */
  error: string | null;
  /** Reads the period's figures; only the newest read may write. */
  fetch: () => Promise<void>;
  clear: () => void;
}

// Bumped on sign-out and on each read, so only the newest answer of this session writes.
let latestRead = 0;

/** Conversation quality across every campaign, for the admins' Overview. */
export const useAdminQualityStore = create<AdminQualityState>((set, get) => ({
  quality: null,
  status: 'idle',
  error: null,

  fetch: async () => {
    const mine = ++latestRead;
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const quality = await fetchAdminQuality(ADMIN_QUALITY_DAYS);
      if (mine === latestRead) set({ quality, status: 'ready', error: null });
    } catch (err) {
      if (mine !== latestRead) return;
      const error = requestErrorSentence(err, 'Could not load the conversation quality.');
      // Figures already shown stay; the card says they could not be read again.
      set((s) => ({ error, status: s.quality ? 'ready' : 'error' }));
    }
  },

  clear: () => {
    latestRead++;
    set({ quality: null, status: 'idle', error: null });
  },
}));

onSignOut(() => useAdminQualityStore.getState().clear());
