import type {
  ProspectList,
  ProspectListDeleteResponse,
  ProspectListUploadResponse,
} from '@ringcast/shared-types';
import { api, apiRequest } from './client';

/** GET /api/prospect-lists: the signed-in user's lists, newest first. */
export const fetchProspectLists = () => api.get<ProspectList[]>('/api/prospect-lists');

/** POST /api/prospect-lists/upload (multipart, field "file"). */
export function uploadProspectList(file: File): Promise<ProspectListUploadResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<ProspectListUploadResponse>('POST', '/api/prospect-lists/upload', form);
}

/** DELETE /api/prospect-lists/{id}: the list, its contacts and its file. */
export const deleteProspectList = (id: number) =>
  api.delete<ProspectListDeleteResponse>(`/api/prospect-lists/${id}`);
