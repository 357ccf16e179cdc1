import type { Callback } from '@ringcast/shared-types';
import { cancelCallback, fetchCampaignCallbacks, markCallbackHandled } from '../api/callbacks';
import { createScopedListStore, type ScopedView } from './scopedListStore';

/** The soonest due first, as the API lists them. */
export const byDue = (a: Callback, b: Callback) => a.dueAt.localeCompare(b.dueAt) || a.id - b.id;

/** A campaign's callbacks still to make: once placed, canceled or handled they leave the list. */
export function upcomingCallbacksView(campaignId: number): ScopedView<Callback> {
  return {
    read: () => fetchCampaignCallbacks(campaignId, 'scheduled'),
    belongs: (c) => c.campaignId === campaignId && c.status === 'scheduled',
  };
}

/** The campaign page's Upcoming callbacks card. */
export const useCallbacksStore = createScopedListStore<Callback>({
  label: 'the callbacks',
  order: byDue,
});

/** The owner's two answers to a promised call back; the list drops it on the answer. */
export async function closeCallback(id: number, how: 'cancel' | 'handled'): Promise<Callback> {
  const closed = await (how === 'cancel' ? cancelCallback(id) : markCallbackHandled(id));
  useCallbacksStore.getState().receive(closed);
  return closed;
}
