import type { Callback, CallbackStatus } from '@ringcast/shared-types';
import { api } from './client';

/** A campaign's callbacks, the soonest due first (all of them, or those of one status). */
export const fetchCampaignCallbacks = (campaignId: number, status?: CallbackStatus) =>
  api.get<Callback[]>(`/api/campaigns/${campaignId}/callbacks${status ? `?status=${status}` : ''}`);

/** The dialer will not make this call back. */
export const cancelCallback = (id: number) => api.post<Callback>(`/api/callbacks/${id}/cancel`);

/** The owner called back themselves: the dialer will not. */
export const markCallbackHandled = (id: number) => api.post<Callback>(`/api/callbacks/${id}/handled`);
