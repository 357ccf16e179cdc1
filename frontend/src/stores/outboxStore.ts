import { create } from 'zustand';
import type { SandboxMail } from '@ringcast/shared-types';
import { fetchSandboxMail } from '../api/sandboxMail';
import { requestErrorSentence } from '../api/errorPolicy';
import { onSignOut } from './authStore';

/** How many messages the list of every address holds (the server answers the latest 100). */
export const OUTBOX_SHOWN = 100;

interface OutboxState {
  /** The address the list is for ('' for every address), while the tab is on screen; null when it is not. */
  to: string | null;
  /** Newest first; null before the first read. */
  messages: SandboxMail[] | null;
  error: string | null;
  /** Reads the list for an address ('' for all); only the newest read may write. */
  load: (to: string) => Promise<void>;
  /** Reads the list on screen again (Retry, a reconnect); nothing when none is. */
  refresh: () => Promise<void>;
  /** The tab left the screen: pushes are ignored until the next load. */
  release: () => void;
  /** A `sandboxMail:received` push: the message joins the list on screen when it is for its address. */
  received: (mail: SandboxMail) => void;
}

let loadSeq = 0;

/** The admin Outbox tab's messages: read when it opens, then kept current by pushes (sandbox mode only). */
export const useOutboxStore = create<OutboxState>((set, get) => ({
  to: null,
  messages: null,
  error: null,

  load: async (to) => {
    const seq = ++loadSeq;
    if (get().to !== to) set({ to, messages: null, error: null });
    try {
      const messages = await fetchSandboxMail(to);
      if (seq === loadSeq) set({ messages, error: null });
    } catch (err) {
      if (seq === loadSeq) set({ error: requestErrorSentence(err, 'Could not read the outbox.') });
    }
  },

  refresh: async () => {
    const { to } = get();
    if (to !== null) await get().load(to);
  },

  release: () => {
    loadSeq++;
    set({ to: null, messages: null, error: null });
  },

  received: (mail) => {
    const { to, messages } = get();
    if (to === null || !messages || (to && !mail.to.includes(to))) return;
    if (messages.some((m) => m.id === mail.id)) return;
    set({ messages: [mail, ...messages].slice(0, OUTBOX_SHOWN) });
  },
}));

onSignOut(() => useOutboxStore.getState().release());
