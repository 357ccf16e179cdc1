import type {
  CampaignProspectCounts,
  CampaignProspectEntry,
  ProspectCallState,
} from '@ringcast/shared-types';
import { api } from './client';
import { fetchPage } from './pages';

export interface CampaignProspectQuery {
  state: ProspectCallState | null;
  q: string;
  page: number;
  pageSize: number;
}

/** One page of the campaign's prospects with where each stands, filtered and searched on the server. */
export const fetchCampaignProspects = (
  campaignId: number,
  { state, q, page, pageSize }: CampaignProspectQuery,
) =>
  fetchPage<CampaignProspectEntry>(`/api/campaigns/${campaignId}/prospects`, {
    state: state ?? undefined,
    q: q.trim(),
    page,
    pageSize,
  });

export const fetchProspectStateCounts = (campaignId: number) =>
  api.get<CampaignProspectCounts>(`/api/campaigns/${campaignId}/prospect-states`);
