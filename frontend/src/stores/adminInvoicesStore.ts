import { create } from 'zustand';
import type { AdminInvoice } from '@ringcast/shared-types';
import { fetchAdminInvoices, type AdminInvoiceParams } from '../api/adminInvoices';
import { requestErrorSentence } from '../api/errorPolicy';
import { ADMIN_REFRESH_DEBOUNCE_MS } from './adminListStore';
import { onSignOut } from './authStore';

interface AdminInvoicesState {
  items: AdminInvoice[];
  total: number;
  status: 'idle' | 'ready' | 'error';
  loading: boolean;
  error: string | null;
  /** Reads one page for the search and status filter; only the newest read may write. */
  load: (params: AdminInvoiceParams) => Promise<void>;
  /** Re-reads the page on screen (a push, a reconnect, the fallback poll); nothing when none is. */
  refresh: () => Promise<void>;
  /** The list left the screen: pushes read nothing until the next load. */
  release: () => void;
  /**
   * A `billing:updated` or `payment:recorded` push: an invoice's status, or a new invoice, may
   * change any page under any filter, so the page on screen is read again (once per burst).
   */
  changed: () => void;
  clear: () => void;
}

let shown: AdminInvoiceParams | null = null;
let loadSeq = 0;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** The admin Payments tab's Invoices list: every user's invoices, kept current by pushes. */
export const useAdminInvoicesStore = create<AdminInvoicesState>((set, get) => ({
  items: [],
  total: 0,
  status: 'idle',
  loading: false,
  error: null,

  load: async (params) => {
    shown = params;
    const seq = ++loadSeq;
    set({ loading: true });
    try {
      const page = await fetchAdminInvoices(params);
      if (seq !== loadSeq) return;
      set({ items: page.items, total: page.total, status: 'ready', loading: false, error: null });
    } catch (err) {
      if (seq !== loadSeq) return;
      const error = requestErrorSentence(err, 'Could not load the invoices.');
      set((s) => ({ loading: false, error, status: s.status === 'ready' ? 'ready' : 'error' }));
    }
  },

  refresh: async () => {
    if (shown) await get().load(shown);
  },

  release: () => {
    shown = null;
    clearTimeout(refreshTimer);
  },

  changed: () => {
    if (!shown) return;
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => void get().refresh(), ADMIN_REFRESH_DEBOUNCE_MS);
  },

  clear: () => {
    shown = null;
    loadSeq++;
    clearTimeout(refreshTimer);
    set({ items: [], total: 0, status: 'idle', loading: false, error: null });
  },
}));

onSignOut(() => useAdminInvoicesStore.getState().clear());
