import { create } from 'zustand';
import { ADMIN_PAGE_SIZE_DEFAULT } from '@ringcast/shared-types';
import type { AdminListParams, AdminPage } from '../api/admin';
import { requestErrorSentence } from '../api/errorPolicy';
import { onSignOut } from './authStore';
import { isNotOlder } from './createResourceStore';

/** How long pushes are gathered before one re-read of the page they concern. */
export const ADMIN_REFRESH_DEBOUNCE_MS = 300;

export const firstPage = (q = ''): AdminListParams => ({ q, page: 1, pageSize: ADMIN_PAGE_SIZE_DEFAULT });

type Row = { id: number; updatedAt?: string };

export interface AdminListState<T extends P, P extends Row> {
  items: T[];
  /** Rows matching the search in all, from the X-Total-Count header. */
  total: number;
  /** The search and page the items answer; null before the first read. */
  params: AdminListParams | null;
  status: 'idle' | 'ready' | 'error';
  /** A read is under way (the previous rows stay on screen meanwhile). */
  loading: boolean;
  error: string | null;
  /** Reads one page; only the newest read may write, and what pushes changed meanwhile wins. */
  load: (params: AdminListParams) => Promise<void>;
  /** Re-reads the page on screen (after a reconnect, while polling); nothing when none is. */
  refresh: () => Promise<void>;
  /**
   * The list left the screen: pushes are ignored and nothing is re-read until the next load,
   * which the page makes when it shows the list again. The rows stay for that moment.
   */
  release: () => void;
  /** A push or a write's answer: upserts a row on screen, or decides whether the page needs a re-read. */
  receive: (payload: P) => void;
  /** The row is gone for good (a deleted campaign). */
  remove: (id: number) => void;
  clear: () => void;
}

export interface AdminListOptions<T extends P, P extends Row> {
  fetchPage: (params: AdminListParams) => Promise<AdminPage<T>>;
  /** Whether a pushed payload carries every field a row shows; when not, the page is re-read. */
  isComplete: (payload: P) => payload is T;
  /** Whether a row belongs in the list at all (closed tickets do not). */
  belongs?: (payload: P) => boolean;
  /**
   * Whether a push changed something behind a field only the list read carries (a campaign's new
   * prospect list and its stored file name): the row is updated and the page read again.
   */
  outdates?: (payload: P, held: T) => boolean;
}

/** A copy older (by updatedAt) than the one held loses; rows without updatedAt always take the newest. */
export function isStale(incoming: Row, held: Row): boolean {
  if (!incoming.updatedAt || !held.updatedAt) return false;
  return !isNotOlder({ updatedAt: incoming.updatedAt }, { updatedAt: held.updatedAt });
}

/**
 * One admin list (users, campaigns, payments or tickets) as a zustand store: a page of rows read
 * with the search text, kept current by pushes. A pushed row already on screen is updated in
 * place (fields the push lacks, such as a campaign's owner, are kept). A new row is put on top
 * only on the first page without a search and when the push carries the whole row; otherwise the
 * server, which knows the search and the order, is asked for the page again.
 */
export function createAdminListStore<T extends P, P extends Row>(options: AdminListOptions<T, P>) {
  const belongs = options.belongs ?? (() => true);
  // Bumped on sign-out so an answer for the previous session is dropped.
  let generation = 0;
  // Only the newest read may write.
  let loadSeq = 0;
  // Every push gets a number; a read compares against the number when it began.
  let changeSeq = 0;
  const lastChange = new Map<number, { seq: number; removed: boolean }>();
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  // The search and page last asked for (the rows on screen may still answer an older one).
  let requested: AdminListParams | null = null;

  return create<AdminListState<T, P>>((set, get) => {
    const noteChange = (id: number, removed: boolean) => lastChange.set(id, { seq: ++changeSeq, removed });

    const scheduleRefresh = () => {
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void get().refresh(), ADMIN_REFRESH_DEBOUNCE_MS);
    };

    const dropRow = (id: number) =>
      set((s) => ({ items: s.items.filter((row) => row.id !== id), total: Math.max(0, s.total - 1) }));

    return {
      items: [],
      total: 0,
      params: null,
      status: 'idle',
      loading: false,
      error: null,

      load: async (params) => {
        const gen = generation;
        const seq = ++loadSeq;
        const startedAt = changeSeq;
        requested = params;
        set({ loading: true });
        try {
          const page = await options.fetchPage(params);
          if (gen !== generation || seq !== loadSeq) return;
          const held = new Map(get().items.map((row) => [row.id, row]));
          const items = page.items
            .filter((row) => {
              const change = lastChange.get(row.id);
              return !(change && change.seq > startedAt && change.removed);
            })
            .map((row) => {
              const mine = held.get(row.id);
              const change = lastChange.get(row.id);
              // A push that arrived during the read is newer than the read's copy.
              return mine && change && change.seq > startedAt && isStale(row, mine) ? mine : row;
            });
          set({ items, total: page.total, params, status: 'ready', loading: false, error: null });
          // A row pushed during the read that the answer lacks (put on top meanwhile, or moved
          // into this page): the answer may predate it, so ask once more.
          const answered = new Set(items.map((row) => row.id));
          for (const [id, change] of lastChange)
            if (change.seq > startedAt && !change.removed && !answered.has(id)) return scheduleRefresh();
        } catch (err) {
          if (gen !== generation || seq !== loadSeq) return;
          set({
            loading: false,
            error: requestErrorSentence(err, 'Could not load the list.'),
            status: get().status === 'ready' ? 'ready' : 'error',
            params,
          });
        }
      },

      refresh: async () => {
        if (requested) await get().load(requested);
      },

      release: () => {
        requested = null;
        clearTimeout(refreshTimer);
      },

      receive: (payload) => {
        const { status, params, items } = get();
        // Never asked for: the first read will bring it.
        if (!requested) return;
        // The first read is under way and may have been answered before this change: read again.
        if (status === 'idle' || !params) return scheduleRefresh();
        const held = items.find((row) => row.id === payload.id);
        if (held) {
          if (isStale(payload, held)) return;
          noteChange(payload.id, !belongs(payload));
          if (!belongs(payload)) return dropRow(payload.id);
          set((s) => ({
            items: s.items.map((row) => (row.id === payload.id ? { ...row, ...payload } : row)),
          }));
          if (options.outdates?.(payload, held)) scheduleRefresh();
          return;
        }
        if (!belongs(payload)) return;
        if (params.page === 1 && !params.q.trim() && options.isComplete(payload)) {
          noteChange(payload.id, false);
          set((s) => ({ items: [payload, ...s.items].slice(0, params.pageSize), total: s.total + 1 }));
          return;
        }
        scheduleRefresh();
      },

      remove: (id) => {
        noteChange(id, true);
        if (get().items.some((row) => row.id === id)) dropRow(id);
      },

      clear: () => {
        generation++;
        clearTimeout(refreshTimer);
        lastChange.clear();
        requested = null;
        set({ items: [], total: 0, params: null, status: 'idle', loading: false, error: null });
      },
    };
  });
}

/** Registers a store to be emptied on sign-out. */
export function clearOnSignOut(store: { getState: () => { clear: () => void } }) {
  onSignOut(() => store.getState().clear());
}
