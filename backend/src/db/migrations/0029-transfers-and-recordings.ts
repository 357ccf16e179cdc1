import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Transfers to a person and call recordings (issue 38).
 *
 * Campaigns: `transferDestinations` (JSON in TEXT, as appointmentHours; null or empty: the owner's
 * profile number), `recordCalls` and `recordingRetentionDays` (null: until deleted).
 *
 * Call records: the transfer the agent asked for (destination label and number, status, reason,
 * the whispered summary, the transferred leg's sid, length and price) and the recording (Twilio's
 * sid, length, channels; `recordingDeletedAt` once removed, the sid kept for the audit).
 * `call_records_recording` serves the retention sweep (recorded calls by start).
 */
const callColumns = {
  transferDestination: { type: DataTypes.STRING(40), allowNull: true },
  transferNumber: { type: DataTypes.STRING(20), allowNull: true },
  transferStatus: { type: DataTypes.STRING(16), allowNull: true },
  transferReason: { type: DataTypes.STRING(200), allowNull: true },
  transferSummary: { type: DataTypes.STRING(500), allowNull: true },
  transferRequestedAt: { type: DataTypes.DATE(3), allowNull: true },
  transferLegSid: { type: DataTypes.STRING(64), allowNull: true },
  transferLegSeconds: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
  transferLegPrice: { type: DataTypes.DECIMAL(10, 5), allowNull: true },
  recordingSid: { type: DataTypes.STRING(64), allowNull: true },
  recordingSeconds: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
  recordingChannels: { type: DataTypes.TINYINT.UNSIGNED, allowNull: true },
  recordingDeletedAt: { type: DataTypes.DATE(3), allowNull: true },
};

export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('campaigns', 'transferDestinations', { type: DataTypes.TEXT, allowNull: true });
  await qi.addColumn('campaigns', 'recordCalls', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  });
  await qi.addColumn('campaigns', 'recordingRetentionDays', {
    type: DataTypes.SMALLINT.UNSIGNED,
    allowNull: true,
    defaultValue: 90,
  });
  for (const [name, column] of Object.entries(callColumns)) await qi.addColumn('call_records', name, column);
  await qi.addIndex('call_records', ['recordingSid', 'startedAt'], { name: 'call_records_recording' });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeIndex('call_records', 'call_records_recording');
  for (const name of Object.keys(callColumns).reverse()) await qi.removeColumn('call_records', name);
  await qi.removeColumn('campaigns', 'recordingRetentionDays');
  await qi.removeColumn('campaigns', 'recordCalls');
  await qi.removeColumn('campaigns', 'transferDestinations');
}
