import { create } from 'zustand';
import { onSignOut } from './authStore';
import { updatedAtLead, type LoadStatus, type Stamped } from './createResourceStore';

/** A row the server versions: an appointment, a callback. */
export interface ScopedRow extends Stamped {
  id: number;
}

/** What a list on screen reads, and which rows it shows (a push is checked against it too). */
export interface ScopedView<T> {
  read: () => Promise<T[]>;
  belongs: (item: T) => boolean;
}

export interface ScopedListState<T> {
  /** Names the list on screen ('campaign:7', 'upcoming'), null while none is. */
  key: string | null;
  items: T[];
  status: LoadStatus;
  /**
   * The list `key` is on screen: read it now. `view` is asked again at every read, so a window
   * that moves with the clock ("the next 14 days") moves too. The returned function says it left.
   */
  show: (key: string, view: () => ScopedView<T>) => () => void;
  /** Reads the list on screen again (reconnect, fallback poll); nothing when none is. */
  refresh: () => Promise<void>;
  /** A push, or the answer of a write made here. */
  receive: (item: T) => void;
}

/** The newest copy of `incoming` and what `known` holds: the newer updatedAt wins, a tie the later. */
const newerOf = <T extends ScopedRow>(incoming: T, known: T | undefined): T =>
  known && updatedAtLead(incoming, known) < 0 ? known : incoming;

/**
 * A read's answer settled against the newest copies known (pushes and writes, before and while it
 * was under way): each row keeps its newest copy, the rows pushed during the read are placed on
 * the answer, and only the rows the view shows remain. `newest` learns the answer's rows.
 */
export function settleScopedRead<T extends ScopedRow>(
  answer: readonly T[],
  pushedDuringRead: readonly T[],
  newest: Map<number, T>,
  belongs: (item: T) => boolean,
  order: (a: T, b: T) => number,
): T[] {
  const shown = new Map<number, T>();
  for (const row of answer) {
    const copy = newerOf(row, newest.get(row.id));
    newest.set(row.id, copy);
    if (belongs(copy)) shown.set(row.id, copy);
  }
  for (const pushed of pushedDuringRead) {
    const copy = newest.get(pushed.id) ?? pushed;
    if (belongs(copy)) shown.set(copy.id, copy);
    else shown.delete(copy.id);
  }
  return [...shown.values()].sort(order);
}

/**
 * A push placed on the list on screen: replaced, added, or taken out when the view no longer
 * shows it (canceled, past the window); null when it is older than a copy already known.
 */
export function placeScopedRow<T extends ScopedRow>(
  items: readonly T[],
  incoming: T,
  known: T | undefined,
  belongs: (item: T) => boolean,
  order: (a: T, b: T) => number,
): T[] | null {
  if (known && updatedAtLead(incoming, known) < 0) return null;
  const rest = items.filter((item) => item.id !== incoming.id);
  return belongs(incoming) ? [...rest, incoming].sort(order) : rest;
}

/**
 * A list of one scope (a campaign's appointments, the dashboard's upcoming ones) as a zustand
 * store, kept current by pushes that may arrive before, during or after its reads: each row keeps
 * the copy with the newest updatedAt, and the view decides which rows show.
 */
export function createScopedListStore<T extends ScopedRow>(options: {
  label: string;
  order: (a: T, b: T) => number;
}) {
  const { label, order } = options;
  // Bumped when the list on screen changes or leaves, so an answer for the old one is dropped.
  let generation = 0;
  let view: (() => ScopedView<T>) | null = null;
  let newest = new Map<number, T>();
  let pushedDuringRead: T[] | null = null;

  const leave = () => {
    generation++;
    view = null;
    newest = new Map();
    pushedDuringRead = null;
  };

  const store = create<ScopedListState<T>>((set, get) => ({
    key: null,
    items: [],
    status: 'idle',

    show: (key, nextView) => {
      leave();
      view = nextView;
      set({ key, items: [], status: 'loading' });
      void get().refresh();
      return () => {
        if (get().key !== key) return;
        leave();
        set({ key: null, items: [], status: 'idle' });
      };
    },

    refresh: async () => {
      if (!view) return;
      const gen = ++generation;
      const { read, belongs } = view();
      pushedDuringRead = [];
      try {
        const answer = await read();
        if (gen !== generation) return;
        const items = settleScopedRead(answer, pushedDuringRead, newest, belongs, order);
        pushedDuringRead = null;
        set({ items, status: 'ready' });
      } catch (err) {
        console.error(`Could not load ${label}`, err);
        if (gen !== generation) return;
        pushedDuringRead = null;
        set((s) => ({ status: s.status === 'ready' ? 'ready' : 'error' }));
      }
    },

    receive: (item) => {
      if (!view) return;
      const placed = placeScopedRow(get().items, item, newest.get(item.id), view().belongs, order);
      if (!placed) return;
      newest.set(item.id, item);
      pushedDuringRead?.push(item);
      set({ items: placed });
    },
  }));

  onSignOut(() => {
    leave();
    store.setState({ key: null, items: [], status: 'idle' });
  });
  return store;
}
