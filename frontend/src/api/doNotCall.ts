import type { AddDoNotCallInput, DoNotCallEntry, DoNotCallUploadResult } from '@ringcast/shared-types';
import { api, apiRequest } from './client';
import { fetchPage } from './pages';

/** Whose list: the signed-in customer's own, or the platform's that admins keep. */
export type DoNotCallScope = 'own' | 'platform';

const BASE: Record<DoNotCallScope, string> = {
  own: '/api/do-not-call',
  platform: '/api/admin/do-not-call',
};

export interface DoNotCallQuery {
  q: string;
  page: number;
  pageSize: number;
}

export const fetchDoNotCall = (scope: DoNotCallScope, { q, page, pageSize }: DoNotCallQuery) =>
  fetchPage<DoNotCallEntry>(BASE[scope], { q: q.trim(), page, pageSize });

export const addDoNotCall = (scope: DoNotCallScope, input: AddDoNotCallInput) =>
  api.post<DoNotCallEntry>(BASE[scope], input);

export const removeDoNotCall = (scope: DoNotCallScope, phoneNumber: string) =>
  api.delete<void>(`${BASE[scope]}/${encodeURIComponent(phoneNumber)}`);

/** POST .../upload (multipart, field "file"): a CSV or Excel file with a phone column. */
export function uploadDoNotCall(scope: DoNotCallScope, file: File): Promise<DoNotCallUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<DoNotCallUploadResult>('POST', `${BASE[scope]}/upload`, form);
}
