import {
  TOTAL_COUNT_HEADER,
  type AdminCampaign,
  type AdminOverview,
  type AdminPayment,
  type AdminSupportTicket,
  type AdminUser,
  type Campaign,
  type DownloadKind,
  type SetupFlag,
  type SupportTicket,
  type UpdateCampaignStatsInput,
  type UpdateSupportTicketInput,
} from '@ringcast/shared-types';
import { api, apiFetch, readJson } from './client';

/** What every admin list is asked with: the search box's text and the page. */
export interface AdminListParams {
  q: string;
  page: number;
  pageSize: number;
}

/** One page of an admin list and how many rows match in all. */
export interface AdminPage<T> {
  items: T[];
  total: number;
}

export const fetchAdminOverview = () => api.get<AdminOverview>('/api/admin/overview');

function listPath(resource: string, { q, page, pageSize }: AdminListParams): string {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (q.trim()) query.set('q', q.trim());
  return `/api/admin/${resource}?${query}`;
}

async function fetchAdminList<T>(resource: string, params: AdminListParams): Promise<AdminPage<T>> {
  const res = await apiFetch('GET', listPath(resource, params));
  const items = await readJson<T[]>(res);
  const header = Number(res.headers.get(TOTAL_COUNT_HEADER));
  // Without the header the page is all there is.
  return {
    items,
    total: Number.isFinite(header) && res.headers.has(TOTAL_COUNT_HEADER) ? header : items.length,
  };
}

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
): Promise<{ blob: Blob; fileName: string }> {
  const res = await apiFetch('GET', `/api/admin/download/${kind}/${encodeURIComponent(storedName)}`);
  const fileName = fileNameFromDisposition(res.headers.get('Content-Disposition')) ?? storedName;
  return { blob: await res.blob(), fileName };
}
