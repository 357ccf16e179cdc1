import type { AdminQuality, CampaignAnalytics } from '@ringcast/shared-types';
import { api } from './client';

/** A campaign's Analytics for UTC days `from`..`to`, both included. */
export const fetchCampaignAnalytics = (campaignId: number, range: { from: string; to: string }) =>
  api.get<CampaignAnalytics>(
    `/api/campaigns/${campaignId}/analytics?${new URLSearchParams({ from: range.from, to: range.to })}`,
  );

/** Conversation quality across every campaign over the last `days` days (admins). */
export const fetchAdminQuality = (days: number) => api.get<AdminQuality>(`/api/admin/quality?days=${days}`);
