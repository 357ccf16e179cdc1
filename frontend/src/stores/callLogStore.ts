import { create } from 'zustand';
import type { CallRecord } from '@ringcast/shared-types';
import type { CallFilters, CallPage, CallPageQuery } from '../api/calls';
import { fetchAdminCampaignCalls, fetchCampaignCalls } from '../api/calls';
import { onSignOut } from './authStore';
import { applyCallPush } from './callLogPushes';
import type { LoadStatus } from './createResourceStore';

/** Calls start and end in bursts: the page on screen is read again at most this often. */
export const CALL_LOG_REREAD_MS = 500;
export const CALL_LOG_PAGE_SIZE = 20;
export const NO_CALL_FILTERS: CallFilters = { status: null, from: null, to: null };

export interface CallLogState {
  /** The campaign whose log is on screen, null while none is. */
  campaignId: number | null;
  filters: CallFilters;
  page: number;
  pageSize: number;
  items: CallRecord[];
  total: number;
  status: LoadStatus;
  /** The log of `campaignId` is on screen (first page, no filters); the returned function says it left. */
  show: (campaignId: number) => () => void;
  setFilters: (filters: CallFilters) => void;
  setPage: (page: number, pageSize?: number) => void;
  /** Reads the page on screen again; nothing when no log is shown. */
  refresh: () => Promise<void>;
  /** A `call:updated` push (the owner's tabs hear every call of theirs). */
  callPushed: (call: CallRecord) => void;
  /** The campaign's figures moved (admins hear campaigns, not calls): its calls did too. */
  campaignChanged: (campaignId: number) => void;
}

/**
 * One campaign's call log as a zustand store: a server page under the chosen filters, kept
 * current by pushes (a call on the page is updated in place; anything that changes which calls
 * the page holds reads it again, at most every 500 ms). Only the newest read may write.
 */
export function createCallLogStore(read: (campaignId: number, query: CallPageQuery) => Promise<CallPage>) {
  let latestRead = 0;
  let rereadTimer: ReturnType<typeof setTimeout> | undefined;

  const store = create<CallLogState>((set, get) => {
    const rereadSoon = () => {
      if (get().campaignId === null || rereadTimer) return;
      rereadTimer = setTimeout(() => {
        rereadTimer = undefined;
        void get().refresh();
      }, CALL_LOG_REREAD_MS);
    };

    const readNow = (changes: Partial<CallLogState>) => {
      set({ ...changes, status: 'loading' });
      void get().refresh();
    };

    return {
      campaignId: null,
      filters: NO_CALL_FILTERS,
      page: 1,
      pageSize: CALL_LOG_PAGE_SIZE,
      items: [],
      total: 0,
      status: 'idle',

      show: (campaignId) => {
        readNow({ campaignId, filters: NO_CALL_FILTERS, page: 1, items: [], total: 0 });
        return () => {
          if (get().campaignId !== campaignId) return;
          latestRead++;
          clearTimeout(rereadTimer);
          rereadTimer = undefined;
          set({ campaignId: null, items: [], total: 0, status: 'idle' });
        };
      },

      setFilters: (filters) => readNow({ filters, page: 1 }),
      setPage: (page, pageSize = get().pageSize) => readNow({ page, pageSize }),

      refresh: async () => {
        const { campaignId, filters, page, pageSize } = get();
        if (campaignId === null) return;
        const mine = ++latestRead;
        try {
          const answer = await read(campaignId, { ...filters, page, pageSize });
          if (mine === latestRead) set({ items: answer.items, total: answer.total, status: 'ready' });
        } catch (err) {
          console.error('Could not load the calls', err);
          if (mine === latestRead) set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' }));
        }
      },

      callPushed: (call) => {
        const { campaignId, items, filters } = get();
        if (call.campaignId !== campaignId) return;
        const outcome = applyCallPush(items, filters, call);
        if (outcome === 'reread') rereadSoon();
        else if (outcome !== 'ignore') set({ items: outcome.items });
      },

      campaignChanged: (campaignId) => {
        if (campaignId === get().campaignId) rereadSoon();
      },
    };
  });

  onSignOut(() => {
    latestRead++;
    clearTimeout(rereadTimer);
    rereadTimer = undefined;
    store.setState({ campaignId: null, items: [], total: 0, status: 'idle' });
  });
  return store;
}

/** The owner's campaign page. */
export const useCampaignCallsStore = createCallLogStore(fetchCampaignCalls);
/** The admin's campaign dialog. */
export const useAdminCampaignCallsStore = createCallLogStore(fetchAdminCampaignCalls);
