import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The voice agent's record of a call: its conversation turn by turn (unique per call and place,
 * so a turn written twice stays one), and on the call what came of it, in two sentences, who
 * ended it and why.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('call_transcript_turns', {
    id: { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true },
    callRecordId: {
      type: DataTypes.BIGINT.UNSIGNED,
      allowNull: false,
      references: { model: 'call_records', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    seq: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: false },
    speaker: { type: DataTypes.STRING(8), allowNull: false },
    text: { type: DataTypes.TEXT, allowNull: false },
    offsetMs: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    interrupted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('call_transcript_turns', ['callRecordId', 'seq'], {
    unique: true,
    name: 'call_transcript_turns_call_seq',
  });
  const columns = (await qi.describeTable('call_records')) as Record<string, unknown>;
  if (!columns.outcome) await qi.addColumn('call_records', 'outcome', { type: DataTypes.STRING(32) });
  await qi.addColumn('call_records', 'summary', { type: DataTypes.TEXT, allowNull: true });
  await qi.addColumn('call_records', 'endedBy', { type: DataTypes.STRING(8), allowNull: true });
  await qi.addColumn('call_records', 'endedReason', { type: DataTypes.STRING(16), allowNull: true });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('call_records', 'endedReason');
  await qi.removeColumn('call_records', 'endedBy');
  await qi.removeColumn('call_records', 'summary');
  await qi.dropTable('call_transcript_turns');
}
