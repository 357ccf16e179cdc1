import type { AuditLogEntry } from '@ringcast/shared-types';
import type { AuditLog } from '../db/models';

export function presentAuditLog(row: AuditLog): AuditLogEntry {
  return {
    id: Number(row.id),
    actorUserId: row.actorUserId ?? null,
    actorEmail: row.actorEmail,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
