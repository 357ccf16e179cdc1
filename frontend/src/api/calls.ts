import {
  type CallActivity,
  type CallDetail,
  type CallActivityRange,
  type CallDirection,
  type CallOutcome,
  type CallRecord,
  type CallStatus,
  type Campaign,
  type TestCampaignResponse,
} from '@ringcast/shared-types';
import { analysisQueryEntries, type AnalysisFilters } from '../components/analysis/analysisFilterQuery';
import { api } from './client';
import { fetchPage, type Page } from './pages';

/**
 * The call log's filters as the page holds them: `from`/`to` are instants; with them what the
 * analysis said (its sentiment, the goal, the campaign's fields).
 */
export interface CallFilters extends AnalysisFilters {
  status: CallStatus | null;
  /** What the conversation achieved; null: any, or none. */
  outcome?: CallOutcome | null;
  /** The calls placed (outbound) or those rung into the campaign's number (inbound); null: both. */
  direction?: CallDirection | null;
  from: string | null;
  to: string | null;
}

export interface CallPageQuery extends CallFilters {
  page: number;
  pageSize: number;
}

export type CallPage = Page<CallRecord>;

/** The query string of the filters (and the page, when given), as the calls routes read it. */
export function callQueryString(filters: CallFilters, paging?: { page: number; pageSize: number }): string {
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.outcome) query.set('outcome', filters.outcome);
  if (filters.direction) query.set('direction', filters.direction);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  for (const [name, value] of analysisQueryEntries(filters)) query.set(name, value);
  if (paging) {
    query.set('page', String(paging.page));
    query.set('pageSize', String(paging.pageSize));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

const readCallPage = (path: string): Promise<CallPage> => fetchPage<CallRecord>(path, {});

/** The campaign with its dialing state (calls in flight, prospects left, why it waits). */
export const fetchCampaign = (id: number) => api.get<Campaign>(`/api/campaigns/${id}`);

export const fetchCampaignCalls = (campaignId: number, { page, pageSize, ...filters }: CallPageQuery) =>
  readCallPage(`/api/campaigns/${campaignId}/calls${callQueryString(filters, { page, pageSize })}`);

export const fetchAdminCampaignCalls = (campaignId: number, { page, pageSize, ...filters }: CallPageQuery) =>
  readCallPage(`/api/admin/campaigns/${campaignId}/calls${callQueryString(filters, { page, pageSize })}`);

/** One call with its conversation so far (the owner's, or any call for an admin). */
export const fetchCallDetail = (callId: number) => api.get<CallDetail>(`/api/calls/${callId}`);

/** GET: the filtered call log as a CSV download (opened as a link, not fetched). */
export const campaignCallsCsvPath = (campaignId: number, filters: CallFilters) =>
  `/api/campaigns/${campaignId}/calls.csv${callQueryString(filters)}`;

export const fetchCallActivity = (campaignId: number, range: CallActivityRange) =>
  api.get<CallActivity>(`/api/campaigns/${campaignId}/call-activity?range=${range}`);

/** One call now with the campaign's settings, to the profile's phone or one of the owner's test numbers. */
export const placeTestCall = (campaignId: number, phoneNumber?: string) =>
  api.post<TestCampaignResponse>('/api/test-campaign', { campaignId, phoneNumber });

export const updateMaxConcurrentCalls = (campaignId: number, maxConcurrentCalls: number) =>
  api.put<Campaign>(`/api/campaigns/${campaignId}`, { maxConcurrentCalls });

/** Deletes the call's recording, at Twilio and ours; the call's push then shows it without one. */
export const deleteCallRecording = (callId: number) => api.delete<void>(`/api/calls/${callId}/recording`);

/** The recording's audio as a file to save rather than play (`?download=1`). */
export const recordingDownloadPath = (url: string) => `${url}?download=1`;
