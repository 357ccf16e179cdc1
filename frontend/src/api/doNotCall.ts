import type {
  AddDoNotCallInput,
  DoNotCallEntry,
  DoNotCallImport,
  DoNotCallImportAccepted,
  DoNotCallUploadResult,
} from '@ringcast/shared-types';
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

/**
 * POST .../upload (multipart, field "file"): a CSV or Excel file with a phone column. A small file
 * answers its counts (200); a larger one an import the worker carries out (202).
 */
export function uploadDoNotCall(
  scope: DoNotCallScope,
  file: File,
): Promise<DoNotCallUploadResult | DoNotCallImportAccepted> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<DoNotCallUploadResult | DoNotCallImportAccepted>('POST', `${BASE[scope]}/upload`, form);
}

/** GET .../imports/:id: a large upload's progress and counts so far. */
export const fetchDoNotCallImport = (scope: DoNotCallScope, id: number) =>
  api.get<DoNotCallImport>(`${BASE[scope]}/imports/${id}`);
