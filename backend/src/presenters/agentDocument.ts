import type { AgentDocument as AgentDocumentDto } from '@ringcast/shared-types';
import type { AgentDocument } from '../db/models';

export function presentAgentDocument(doc: AgentDocument): AgentDocumentDto {
  return {
    id: doc.id,
    userId: doc.userId,
    campaignId: doc.campaignId ?? null,
    filename: doc.storedFileName,
    originalName: doc.originalName,
    sizeBytes: doc.sizeBytes,
    uploadedAt: doc.uploadedAt.toISOString(),
  };
}
