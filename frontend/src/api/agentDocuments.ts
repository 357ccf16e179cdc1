import type { AgentDocument, AgentDocumentUploadResponse } from '@ringcast/shared-types';
import { api, apiRequest } from './client';

/** GET /api/agent-documents: the signed-in user's documents, newest first. */
export const fetchAgentDocuments = () => api.get<AgentDocument[]>('/api/agent-documents');

/** POST /api/agent-documents/upload (multipart, one "documents" field per file). */
export function uploadAgentDocuments(files: File[]): Promise<AgentDocumentUploadResponse> {
  const form = new FormData();
  for (const file of files) form.append('documents', file, file.name);
  return apiRequest<AgentDocumentUploadResponse>('POST', '/api/agent-documents/upload', form);
}
