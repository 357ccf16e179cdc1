import { create } from 'zustand';
import type { ProspectList, ProspectListUploadResponse } from '@ringcast/shared-types';
import { deleteProspectList, fetchProspectLists, uploadProspectList } from '../api/prospectLists';
import { onSignOut, useAuthStore } from './authStore';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface ProspectListsState {
  lists: ProspectList[];
  status: LoadStatus;
  /** Reads the user's lists; newer copies already held (from a push) are kept. */
  fetchLists: () => Promise<void>;
  /** Uploads a file; resolves with the server's answer (its message goes in the toast). */
  upload: (file: File) => Promise<ProspectListUploadResponse>;
  remove: (id: number) => Promise<void>;
  /** A `prospectList:updated` push. Admins also hear about other people's lists; those are ignored. */
  receive: (list: ProspectList) => void;
  /** A `prospectList:deleted` push (another tab, say). */
  receiveDeleted: (payload: { id: number }) => void;
  clear: () => void;
}

/** A list only moves out of processing, so at the same updatedAt (whole seconds) the finished copy wins. */
const stage = (list: ProspectList) => (list.status === 'processing' ? 0 : 1);

/** Whether `incoming` should replace `held`: not older by updatedAt, and never a step back. */
export function isNewerList(incoming: ProspectList, held: ProspectList): boolean {
  const difference = Date.parse(incoming.updatedAt) - Date.parse(held.updatedAt);
  return difference > 0 || (difference === 0 && stage(incoming) >= stage(held));
}

const newestFirst = (a: ProspectList, b: ProspectList) => b.uploadedAt.localeCompare(a.uploadedAt) || b.id - a.id;

/** Upserts by id, keeping the newer copy of each list. */
export function mergeLists(held: ProspectList[], incoming: ProspectList[]): ProspectList[] {
  const byId = new Map(held.map((list) => [list.id, list]));
  for (const list of incoming) {
    const current = byId.get(list.id);
    if (!current || isNewerList(list, current)) byId.set(list.id, list);
  }
  return [...byId.values()].sort(newestFirst);
}

// Bumped on sign-out so an answer for the previous session is dropped.
let generation = 0;

export const useProspectListsStore = create<ProspectListsState>((set, get) => ({
  lists: [],
  status: 'idle',

  fetchLists: async () => {
    const gen = generation;
    const heldBefore = new Set(get().lists.map((list) => list.id));
    if (get().status !== 'ready') set({ status: 'loading' });
    try {
      const fetched = await fetchProspectLists();
      if (gen !== generation) return;
      // A list held before the read but missing from it was deleted (in another tab, say); one
      // that arrived while the read was under way is kept.
      const fetchedIds = new Set(fetched.map((list) => list.id));
      const kept = (list: ProspectList) => fetchedIds.has(list.id) || !heldBefore.has(list.id);
      set((s) => ({ lists: mergeLists(s.lists.filter(kept), fetched), status: 'ready' }));
    } catch (err) {
      console.error('Could not load prospect lists', err);
      if (gen === generation && get().status !== 'ready') set({ status: 'error' });
    }
  },

  upload: async (file) => {
    const response = await uploadProspectList(file);
    set((s) => ({ lists: mergeLists(s.lists, [response.prospectList]) }));
    return response;
  },

  remove: async (id) => {
    await deleteProspectList(id);
    set((s) => ({ lists: s.lists.filter((list) => list.id !== id) }));
  },

  receive: (list) => {
    if (list.userId !== useAuthStore.getState().user?.id) return;
    set((s) => ({ lists: mergeLists(s.lists, [list]) }));
  },

  receiveDeleted: ({ id }) => {
    set((s) => ({ lists: s.lists.filter((list) => list.id !== id) }));
  },

  clear: () => {
    generation++;
    set({ lists: [], status: 'idle' });
  },
}));

onSignOut(() => useProspectListsStore.getState().clear());
