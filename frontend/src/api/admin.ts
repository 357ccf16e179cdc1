import {
  type AdminCampaign,
  type AdminOverview,
  type AdminPayment,
  type AdminQueueOverview,
  type AdminSupportTicket,
  type AdminUser,
  type Campaign,
  type DownloadKind,
  type SetupFlag,
  type SupportTicket,
  type UpdateCampaignStatsInput,
  type UpdateSupportTicketInput,
} from '@ringcast/shared-types';
import { api, apiFetch } from './client';
import { fetchPage, type Page } from './pages';

/** What every admin list is asked with: the search box's text and the page. */
export interface AdminListParams {
  q: string;
  page: number;
  pageSize: number;
}

/** One page of an admin list and how many rows match in all. */
export type AdminPage<T> = Page<T>;

export const fetchAdminOverview = () => api.get<AdminOverview>('/api/admin/overview');

/** Every job queue's counts and every stream's state, for the Queues tab. */
export const fetchAdminQueues = () => api.get<AdminQueueOverview>('/api/admin/queues');

/** One page of an admin list: the search text (when any) and the page. */
const fetchAdminList = <T>(resource: string, { q, page, pageSize }: AdminListParams): Promise<AdminPage<T>> =>
  fetchPage<T>(`/api/admin/${resource}`, { page, pageSize, q: q.trim() });

export const fetchAdminUsers = (params: AdminListParams) => fetchAdminList<AdminUser>('users', params);
export const fetchAdminCampaigns = (params: AdminListParams) =>
  fetchAdminList<AdminCampaign>('campaigns', params);
export const fetchAdminPayments = (params: AdminListParams) =>
  fetchAdminList<AdminPayment>('payments', params);
export const fetchAdminTickets = (params: AdminListParams) =>
  fetchAdminList<AdminSupportTicket>('support-tickets', params);

export const updateAdminTicket = (id: number, input: UpdateSupportTicketInput) =>
  api.put<SupportTicket>(`/api/admin/support-tickets/${id}`, input);

export const updateCampaignStats = (campaignId: number, input: UpdateCampaignStatsInput) =>
  api.put<Campaign>(`/api/admin/campaigns/${campaignId}/stats`, input);

export const updateCampaignSetupFlag = (campaignId: number, flag: SetupFlag, value: boolean) =>
  api.put<Campaign>(`/api/admin/campaigns/${campaignId}/setup`, { [flag]: value });

/** The name a Content-Disposition header gives the file, if any (RFC 6266, filename* first). */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/.exec(header);
  if (!plain) return null;
  const name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1]!.trim();
  return name || null;
}

/** An uploaded file, read with the session cookie; named as the server's Content-Disposition says. */
export async function fetchAdminFile(
  kind: DownloadKind,
  storedName: string,
  { original = false }: { original?: boolean } = {},
): Promise<{ blob: Blob; fileName: string }> {
  const query = original ? '?original=true' : '';
  const res = await apiFetch('GET', `/api/admin/download/${kind}/${encodeURIComponent(storedName)}${query}`);
  const fileName = fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? storedName;
  return { blob: await res.blob(), fileName };
}
