import type { ProspectList as ProspectListDto } from '@ringcast/shared-types';
import type { ProspectList } from '../db/models';

export function presentProspectList(list: ProspectList): ProspectListDto {
  return {
    id: list.id,
    userId: list.userId,
    name: list.name,
    status: list.status,
    failureReason: list.failureReason ?? null,
    contactCount: list.contactCount,
    doNotCallCount: list.doNotCallCount ?? 0,
    skippedRows: { invalidPhone: list.skippedInvalidPhone ?? 0, duplicate: list.skippedDuplicate ?? 0 },
    uploadedAt: list.uploadedAt.toISOString(),
    updatedAt: list.updatedAt.toISOString(),
  };
}
