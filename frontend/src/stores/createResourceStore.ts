import { create } from 'zustand';
import { isMine, onSignOut } from './authStore';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** What the owner stores hold: rows of the signed-in user, versioned by the server's updatedAt. */
export interface Resource {
  id: number;
  userId: number;
  updatedAt: string;
}

/** The part every resource store shares; the items and their read go under the names a store picks. */
export interface ResourceCore<T> {
  status: LoadStatus;
  /** A push, or a write's answer a page already has. Other users' rows (an admin hears them all) are ignored. */
  receive: (item: T) => void;
  /** A `<resource>:deleted` push: the row is gone for good. */
  receiveDeleted: (payload: { id: number }) => void;
  /** After a reconnect: read again what is held (a store never read has nothing to catch up on). */
  catchUp: () => void;
  clear: () => void;
}

export type ResourceState<T, Items extends string, Fetch extends string> = ResourceCore<T> &
  Record<Items, T[]> &
  Record<Fetch, () => Promise<void>>;

/** What a store's own actions use to put the answers of the user's writes in the store. */
export interface OwnWrites<T> {
  /** Sends a write; its answer is stored as known from when the request left (see `replaces`). */
  write: <R>(request: () => Promise<R>, stored: (answer: R) => T) => Promise<R>;
  /** The user deleted the row here. */
  forget: (id: number) => void;
}

export interface ResourceOptions<T, Items extends string, Fetch extends string, Actions> {
  /** The state keys of the items and of their read, e.g. `campaigns` and `fetchCampaigns`. */
  keys: { items: Items; fetch: Fetch };
  /** Names the resource in the log line of a failed read. */
  label: string;
  read: () => Promise<T[]>;
  order: (a: T, b: T) => number;
  actions: (writes: OwnWrites<T>) => Actions;
}

/**
 * A copy of a row and when the store learned it: a push when it arrived, a read's or a write's
 * answer when the request left (the server answered with at least what the store knew by then).
 */
export interface Known<T> {
  item: T;
  at: number;
}

/** Anything the server versions with its `updatedAt` stamp. */
export interface Stamped {
  updatedAt: string;
}

/** How much newer `incoming` is than `held`, in milliseconds: 0 at the same stamp, negative when older. */
export function updatedAtLead(incoming: Stamped, held: Stamped): number {
  return Date.parse(incoming.updatedAt) - Date.parse(held.updatedAt);
}

/**
 * The one "newer updatedAt wins" rule of every store: `incoming` may replace `held` unless it is
 * older. The server stamps milliseconds (DATETIME(3)), so the same stamp is the same change, or
 * two made in the same millisecond, of which the one that arrived later is the better guess:
 * a store ignores only a payload older than what it holds (DESIGN.md, Conventions).
 */
export function isNotOlder(incoming: Stamped, held: Stamped): boolean {
  return updatedAtLead(incoming, held) >= 0;
}

/**
 * Whether `incoming` replaces `held` in a resource store, which knows when it learned each copy:
 * the newer updatedAt wins; at the same updatedAt the copy learned later wins, so a read sent
 * after a push may replace it and a read or write sent before it may not.
 */
export function replaces<T extends Resource>(incoming: Known<T>, held: Known<T>): boolean {
  const lead = updatedAtLead(incoming.item, held.item);
  return lead > 0 || (lead === 0 && incoming.at > held.at);
}

/**
 * A read's answer, settled against what is held: a row the store already forgot (deleted) stays
 * gone, a held row missing from the answer was deleted meanwhile unless the store learned it
 * after the read left (created since), and each row keeps the copy `replaces` prefers.
 */
export function settleRead<T extends Resource>(
  held: ReadonlyMap<number, Known<T>>,
  read: { rows: T[]; sentAt: number },
  gone: ReadonlySet<number>,
): Map<number, Known<T>> {
  const next = new Map<number, Known<T>>();
  for (const [id, known] of held) if (known.at > read.sentAt) next.set(id, known);
  for (const item of read.rows) {
    if (gone.has(item.id)) continue;
    const copy = { item, at: read.sentAt };
    const mine = held.get(item.id);
    next.set(item.id, mine && !replaces(copy, mine) ? mine : copy);
  }
  return next;
}

/**
 * One owner resource (campaigns, tickets, prospect lists) as a zustand store, kept current by the
 * user's reads, writes and pushes, which may arrive in any order; `replaces` and `settleRead`
 * decide every race the same way. Emptied on sign-out.
 */
export function createResourceStore<
  T extends Resource,
  Items extends string,
  Fetch extends string,
  Actions extends object,
>(options: ResourceOptions<T, Items, Fetch, Actions>) {
  type State = ResourceState<T, Items, Fetch> & Actions;
  const { keys, order } = options;

  // Ticks with every push and every request sent: the order in which the store learned things.
  let clock = 0;
  // Bumped on sign-out so an answer for the previous session is dropped.
  let generation = 0;
  // When the newest read settled so far was sent: an older answer arriving later knows less.
  let settledRead = 0;
  let held = new Map<number, Known<T>>();
  // Deleted rows: ids are never reused, so nothing may bring one back.
  const gone = new Set<number>();

  const store = create<State>()((set, get) => {
    const show = (status?: LoadStatus) =>
      set({
        [keys.items]: [...held.values()].map((known) => known.item).sort(order),
        ...(status && { status }),
      } as Partial<State>);

    const learn = (copy: Known<T>) => {
      if (!isMine(copy.item) || gone.has(copy.item.id)) return;
      const mine = held.get(copy.item.id);
      if (mine && !replaces(copy, mine)) return;
      held.set(copy.item.id, copy);
      show();
    };

    const forget = (id: number) => {
      gone.add(id);
      if (held.delete(id)) show();
    };

    const fetch = async () => {
      const gen = generation;
      const sentAt = ++clock;
      if (get().status !== 'ready') set({ status: 'loading' } as Partial<State>);
      try {
        const rows = await options.read();
        if (gen !== generation || sentAt < settledRead) return;
        settledRead = sentAt;
        held = settleRead(held, { rows, sentAt }, gone);
        show('ready');
      } catch (err) {
        console.error(`Could not load ${options.label}`, err);
        if (gen === generation && get().status !== 'ready') set({ status: 'error' } as Partial<State>);
      }
    };

    const write: OwnWrites<T>['write'] = async (request, stored) => {
      const gen = generation;
      const sentAt = ++clock;
      const answer = await request();
      if (gen === generation) learn({ item: stored(answer), at: sentAt });
      return answer;
    };

    return {
      [keys.items]: [],
      [keys.fetch]: fetch,
      status: 'idle',
      receive: (item: T) => learn({ item, at: ++clock }),
      receiveDeleted: ({ id }: { id: number }) => forget(id),
      catchUp: () => {
        if (get().status !== 'idle') void fetch();
      },
      clear: () => {
        generation++;
        held = new Map();
        gone.clear();
        set({ [keys.items]: [], status: 'idle' } as Partial<State>);
      },
      ...options.actions({ write, forget }),
    } as State;
  });

  onSignOut(() => store.getState().clear());
  return store;
}
