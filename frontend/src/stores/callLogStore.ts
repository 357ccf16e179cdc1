import { create } from 'zustand';
import type { CallRecord } from '@ringcast/shared-types';
import type { CallFilters, CallPage, CallPageQuery } from '../api/calls';
import { fetchAdminCampaignCalls, fetchCampaignCalls } from '../api/calls';
import { onSignOut } from './authStore';
import { applyCallPush } from './callLogPushes';
import type { LoadStatus } from './createResourceStore';

/**
 * Where a push cannot say what the page shows (callLogPushes.ts), or an admin hears only that the
 * campaign's calls moved, the page is read again, at most this often: calls start and end in bursts.
 */
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
 * current by pushes, each placed on the page as the server would list it (callLogPushes.ts), the
 * total with it; the page is read again only where a push cannot say what it shows. Only the
 * newest read may write, and the calls pushed while it was under way are placed on its answer.
 */
export function createCallLogStore(read: (campaignId: number, query: CallPageQuery) => Promise<CallPage>) {
  let latestRead = 0;
  let rereadTimer: ReturnType<typeof setTimeout> | undefined;
  /** Pushed since the newest read was sent, while it is under way: its answer may predate them. */
  let pushedDuringRead: CallRecord[] | null = null;

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
          pushedDuringRead = null;
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
        pushedDuringRead = [];
        try {
          const answer = await read(campaignId, { ...filters, page, pageSize });
          if (mine !== latestRead) return;
          const pushed = pushedDuringRead ?? [];
          pushedDuringRead = null;
          let shown = { items: answer.items, total: answer.total };
          for (const call of pushed) {
            const outcome = applyCallPush({ ...shown, page, pageSize }, filters, call);
            if (outcome === 'reread') rereadSoon();
            else if (outcome !== 'ignore') shown = outcome;
          }
          set({ ...shown, status: 'ready' });
        } catch (err) {
          console.error('Could not load the calls', err);
          if (mine !== latestRead) return;
          pushedDuringRead = null;
          set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' }));
        }
      },

      callPushed: (call) => {
        const { campaignId, items, total, page, pageSize, filters, status } = get();
        if (call.campaignId !== campaignId) return;
        pushedDuringRead?.push(call);
        // The rows held belong to the page or filters left behind until the read answers.
        if (status !== 'ready') return;
        const outcome = applyCallPush({ items, total, page, pageSize }, filters, call);
        if (outcome === 'reread') rereadSoon();
        else if (outcome !== 'ignore') set(outcome);
      },

      // Admins hear campaigns, not calls: the push names no call to place.
      campaignChanged: (campaignId) => {
        if (campaignId === get().campaignId) rereadSoon();
      },
    };
  });

  onSignOut(() => {
    latestRead++;
    pushedDuringRead = null;
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
