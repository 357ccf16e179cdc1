import type { Transaction } from 'sequelize';
import type { AuditLogQuery } from '@ringcast/shared-types';
import { AuditLog } from '../db/models';
import type { Page } from './admin/listQuery';

/** Who acted: the signed-in admin (the request's CurrentUser fits), or the system itself. */
export interface AuditActor {
  id: number | null;
  email: string;
}

/** Changes the product makes on its own (a setup flag it could verify, say). */
export const SYSTEM_ACTOR: AuditActor = { id: null, email: 'system' };

export type AuditAction =
  | 'ticket.update'
  | 'campaign.stats'
  | 'campaign.setup'
  | 'campaign.prospectList'
  | 'user.update'
  | 'file.download'
  | 'doNotCall.add'
  | 'doNotCall.remove'
  | 'recording.delete';
export type AuditEntityType =
  'ticket' | 'campaign' | 'user' | 'prospectList' | 'agentDocument' | 'doNotCall' | 'call';

type Fields = Record<string, unknown>;

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number | string;
  before: Fields | null;
  after: Fields | null;
}

/** Dates as ISO text, everything else as JSON would keep it, so equal values compare equal. */
const comparable = (value: unknown) =>
  JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));
const stored = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The fields of `after` whose value differs from `before`, each side holding only those. Null when
 * nothing changed (no change, no audit row).
 */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const keys = Object.keys(after).filter((key) => comparable(before[key]) !== comparable(after[key]));
  if (!keys.length) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, stored(before[key])])),
    after: Object.fromEntries(keys.map((key) => [key, stored(after[key])])),
  };
}

/**
 * Writes one audit row inside the change's own transaction: a change that rolls back leaves no
 * row, and a committed change always has one.
 */
export function recordAudit(entry: AuditEntry, transaction: Transaction | null): Promise<AuditLog> {
  return AuditLog.create(
    {
      actorUserId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      entityType: entry.entityType,
      entityId: String(entry.entityId),
      before: entry.before,
      after: entry.after,
    },
    { transaction },
  );
}

/** Newest first; one record's history when entityType (and entityId) are given. */
export async function listAuditLog(query: AuditLogQuery): Promise<Page<AuditLog>> {
  const where = {
    ...(query.entityType ? { entityType: query.entityType } : {}),
    ...(query.entityId ? { entityId: query.entityId } : {}),
  };
  const [rows, total] = await Promise.all([
    AuditLog.findAll({
      where,
      order: [
        ['createdAt', 'DESC'],
        ['id', 'DESC'],
      ],
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    AuditLog.count({ where }),
  ]);
  return { rows, total };
}
