import { create } from 'zustand';
import type { Campaign } from '@ringcast/shared-types';
import * as campaignsApi from '../api/campaigns';
import { onSignOut, useAuthStore } from './authStore';

type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

interface CampaignsState {
  campaigns: Campaign[];
  status: LoadStatus;
  /** Reads the user's campaigns; what pushes delivered while the read was under way wins over it. */
  fetchCampaigns: () => Promise<void>;
  /** Pause (paused) or Start (active); resolves with the stored campaign, rejects with the ApiError. */
  setStatus: (id: number, status: 'active' | 'paused') => Promise<Campaign>;
  deleteCampaign: (id: number) => Promise<void>;
  /** A `campaign:updated` push. Admins hear about everyone's campaigns; others' are ignored here. */
  receive: (campaign: Campaign) => void;
  /** A `campaign:deleted` push. */
  receiveDeleted: (payload: { id: number }) => void;
  clear: () => void;
}

/** What changed since a read began: those ids are newer than the read's answer. */
export interface ChangesSince {
  changed: ReadonlySet<number>;
  deleted: ReadonlySet<number>;
}

const newestFirst = (a: Campaign, b: Campaign) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id;

/** Upserts by id; a copy older (by updatedAt) than the one held is ignored. */
export function mergeCampaigns(held: Campaign[], incoming: Campaign[]): Campaign[] {
  const byId = new Map(held.map((c) => [c.id, c]));
  for (const campaign of incoming) {
    const current = byId.get(campaign.id);
    if (!current || Date.parse(campaign.updatedAt) >= Date.parse(current.updatedAt))
      byId.set(campaign.id, campaign);
  }
  return [...byId.values()].sort(newestFirst);
}

/**
 * A full read replaces the list (a campaign missing from it was deleted meanwhile), except for
 * what changed after the read began: a campaign deleted since stays gone, one created or updated
 * since is kept.
 */
export function reconcileCampaigns(held: Campaign[], fetched: Campaign[], since: ChangesSince): Campaign[] {
  const fresh = fetched.filter((c) => !since.deleted.has(c.id));
  return mergeCampaigns(
    fresh,
    held.filter((c) => since.changed.has(c.id)),
  );
}

// Bumped on sign-out so an answer for the previous session is dropped.
let generation = 0;
// Every push or own write gets a number; a read compares against the number when it began.
let changeSeq = 0;
const lastChange = new Map<number, { seq: number; deleted: boolean }>();

function noteChange(id: number, deleted: boolean) {
  lastChange.set(id, { seq: ++changeSeq, deleted });
}

function changesSince(seq: number): ChangesSince {
  const changed = new Set<number>();
  const deleted = new Set<number>();
  for (const [id, change] of lastChange) {
    if (change.seq > seq) (change.deleted ? deleted : changed).add(id);
  }
  return { changed, deleted };
}

export const useCampaignsStore = create<CampaignsState>((set, get) => {
  const upsert = (campaign: Campaign) => {
    noteChange(campaign.id, false);
    set((s) => ({ campaigns: mergeCampaigns(s.campaigns, [campaign]) }));
  };
  const remove = (id: number) => {
    noteChange(id, true);
    set((s) => ({ campaigns: s.campaigns.filter((c) => c.id !== id) }));
  };

  return {
    campaigns: [],
    status: 'idle',

    fetchCampaigns: async () => {
      const gen = generation;
      const startedAt = changeSeq;
      if (get().status !== 'ready') set({ status: 'loading' });
      try {
        const fetched = await campaignsApi.fetchCampaigns();
        if (gen !== generation) return;
        set((s) => ({
          campaigns: reconcileCampaigns(s.campaigns, fetched, changesSince(startedAt)),
          status: 'ready',
        }));
      } catch (err) {
        console.error('Could not load campaigns', err);
        if (gen === generation && get().status !== 'ready') set({ status: 'error' });
      }
    },

    setStatus: async (id, status) => {
      const campaign = await campaignsApi.updateCampaign(id, { status });
      upsert(campaign);
      return campaign;
    },

    deleteCampaign: async (id) => {
      await campaignsApi.deleteCampaign(id);
      remove(id);
    },

    receive: (campaign) => {
      if (campaign.userId !== useAuthStore.getState().user?.id) return;
      upsert(campaign);
    },

    receiveDeleted: ({ id }) => remove(id),

    clear: () => {
      generation++;
      lastChange.clear();
      set({ campaigns: [], status: 'idle' });
    },
  };
});

onSignOut(() => useCampaignsStore.getState().clear());
