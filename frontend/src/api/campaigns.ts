import type { Campaign, CreateCampaignInput, UpdateCampaignInput } from '@ringcast/shared-types';
import { api } from './client';

/** The signed-in user's campaigns, newest first. */
export const fetchCampaigns = () => api.get<Campaign[]>('/api/campaigns');

export const createCampaign = (input: CreateCampaignInput) => api.post<Campaign>('/api/campaigns', input);

/** Either a status move (active or paused) or draft fields; the server refuses a mix. */
export const updateCampaign = (id: number, input: UpdateCampaignInput) =>
  api.put<Campaign>(`/api/campaigns/${id}`, input);

export const deleteCampaign = (id: number) => api.delete<void>(`/api/campaigns/${id}`);

/** GET: the user's campaign results as a CSV download (opened as a link, not fetched). */
export const CAMPAIGN_RESULTS_CSV = '/api/campaigns/results.csv';
