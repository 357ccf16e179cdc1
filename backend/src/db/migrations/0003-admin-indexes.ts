import type { QueryInterface } from 'sequelize';

/**
 * The admin lists read newest first, a page at a time, across every account: these indexes let
 * ORDER BY createdAt DESC, id DESC ... LIMIT read just one page instead of sorting whole tables.
 * (payments already has createdAt, which InnoDB extends with the id.) users.isAdmin finds the
 * admins, checked whenever one is demoted, without reading every user.
 */
const INDEXES: [table: string, fields: string[], name: string][] = [
  ['users', ['createdAt', 'id'], 'users_created_at'],
  ['users', ['isAdmin'], 'users_is_admin'],
  ['campaigns', ['createdAt', 'id'], 'campaigns_created_at'],
  ['support_tickets', ['createdAt', 'id'], 'support_tickets_created_at'],
  ['audit_logs', ['createdAt', 'id'], 'audit_logs_created_at'],
];

export async function up({ context: qi }: { context: QueryInterface }) {
  for (const [table, fields, name] of INDEXES) await qi.addIndex(table, fields, { name });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  for (const [table, , name] of INDEXES) await qi.removeIndex(table, name);
}
