import type {
  AgentVersion,
  Campaign,
  CreateCampaignInput,
  UpdateCampaignInput,
} from '@ringcast/shared-types';
import { api } from './client';

/** The signed-in user's campaigns, newest first. */
export const fetchCampaigns = () => api.get<Campaign[]>('/api/campaigns');

export const createCampaign = (input: CreateCampaignInput) => api.post<Campaign>('/api/campaigns', input);

/** Either a status move (active or paused) or draft fields; the server refuses a mix. */
export const updateCampaign = (id: number, input: UpdateCampaignInput) =>
  api.put<Campaign>(`/api/campaigns/${id}`, input);

/** The versions of a launched campaign's agent, newest first. */
export const fetchAgentVersions = (id: number) => api.get<AgentVersion[]>(`/api/campaigns/${id}/versions`);

/** Makes an earlier version the agent again (as a new version); answers the campaign. */
export const restoreAgentVersion = (id: number, version: number) =>
  api.post<Campaign>(`/api/campaigns/${id}/versions/${version}/restore`, {});

export const deleteCampaign = (id: number) => api.delete<void>(`/api/campaigns/${id}`);

/** GET: the user's campaign results as a CSV download (opened as a link, not fetched). */
export const CAMPAIGN_RESULTS_CSV = '/api/campaigns/results.csv';
