import { DataTypes, type QueryInterface } from 'sequelize';

const ref = (table: string, onDelete: 'CASCADE' | 'SET NULL', allowNull: boolean, big = false) => ({
  type: big ? DataTypes.BIGINT.UNSIGNED : DataTypes.INTEGER.UNSIGNED,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
  onUpdate: 'CASCADE',
});

/**
 * Callbacks the agent promises (issue 37).
 *
 * `callbacks`: one row per promise. `heldProspectId` is the prospect's id while the callback is
 * `scheduled` and NULL after, so `UNIQUE (campaignId, heldProspectId)` lets a prospect hold one
 * scheduled callback at a time (MariaDB allows many NULLs): a settlement run twice meets the first
 * row instead of writing a second. `(campaignId, status, dueAt)` serves the campaign's list.
 *
 * `call_records.callbackRequestedFor` carries the time the agent recorded with `call_back_later`
 * until the call settles and the callback is written; `call_records.callbackId` marks the call
 * the dialer placed to keep a promise (it spends none of the prospect's attempts).
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('callbacks', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: ref('users', 'CASCADE', false),
    campaignId: ref('campaigns', 'CASCADE', false),
    prospectId: ref('prospects', 'CASCADE', false, true),
    heldProspectId: { type: DataTypes.BIGINT.UNSIGNED, allowNull: true },
    requestedOnCallId: ref('call_records', 'SET NULL', true, true),
    calledOnCallId: ref('call_records', 'SET NULL', true, true),
    requestedFor: { type: DataTypes.DATE(3), allowNull: false },
    dueAt: { type: DataTypes.DATE(3), allowNull: false },
    timeZone: { type: DataTypes.STRING(64), allowNull: true },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'scheduled' },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('callbacks', ['campaignId', 'heldProspectId'], {
    unique: true,
    name: 'callbacks_held_prospect',
  });
  await qi.addIndex('callbacks', ['campaignId', 'status', 'dueAt'], { name: 'callbacks_campaign_due' });

  await qi.addColumn('call_records', 'callbackRequestedFor', { type: DataTypes.DATE(3), allowNull: true });
  await qi.addColumn('call_records', 'callbackId', ref('callbacks', 'SET NULL', true));
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeConstraint('call_records', 'call_records_callbackId_foreign_idx').catch(() => undefined);
  await qi.removeColumn('call_records', 'callbackId');
  await qi.removeColumn('call_records', 'callbackRequestedFor');
  await qi.dropTable('callbacks');
}
