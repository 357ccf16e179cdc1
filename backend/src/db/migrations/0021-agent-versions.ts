import { DataTypes, QueryTypes, type QueryInterface } from 'sequelize';

/** The agent's fields, as a version keeps them (shared-types' AGENT_FIELDS when this was written). */
const AGENT_COLUMNS = [
  'goal',
  'aiAgentName',
  'aiAgentVoice',
  'aiAgentTone',
  'scriptAnswering',
  'scriptRebuttals',
  'scriptQuestions',
  'scriptAfterAnswers',
  'scriptNotInterested',
  'scriptVoicemail',
  'scriptOther',
  'agentDocuments',
  'companyWebsites',
];

/**
 * Versions of a launched campaign's agent (DESIGN decision 10): the owner edits the scripts,
 * agent, documents and company data after launch, and each save is a new version.
 *
 * - `campaign_agent_versions`: one row per version, numbered from 1 (the agent at launch) per
 *   campaign; the agent's fields as they were then (`snapshot`), the fields it changed, who saved
 *   it and, for a restore, the version it copies. Rows are never changed: a restore adds one.
 * - `campaigns.agentVersion`: the version the campaign calls with now.
 * - `call_records.agentVersion`: the version that spoke on the call.
 * Every campaign already launched gets its version 1 from its current fields, dated at its first
 * payment.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('campaign_agent_versions', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    campaignId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: false,
      references: { model: 'campaigns', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    version: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    snapshot: { type: DataTypes.TEXT('medium'), allowNull: false },
    changedFields: { type: DataTypes.TEXT, allowNull: false },
    changedByUserId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: true,
      references: { model: 'users', key: 'id' },
      onDelete: 'SET NULL',
      onUpdate: 'CASCADE',
    },
    restoredFrom: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('campaign_agent_versions', ['campaignId', 'version'], {
    unique: true,
    name: 'campaign_agent_versions_number',
  });
  await qi.addColumn('campaigns', 'agentVersion', {
    type: DataTypes.INTEGER.UNSIGNED,
    allowNull: false,
    defaultValue: 1,
  });
  await qi.addColumn('call_records', 'agentVersion', { type: DataTypes.INTEGER.UNSIGNED, allowNull: true });
  // Every call made so far spoke with the agent as launched.
  await qi.sequelize.query('UPDATE call_records SET agentVersion = 1');

  const launched = await qi.sequelize.query<Record<string, unknown>>(
    `SELECT c.id, c.updatedAt, p.paidAt, ${AGENT_COLUMNS.map((column) => `c.${column}`).join(', ')}
       FROM campaigns c
       LEFT JOIN (SELECT campaignId, MIN(createdAt) AS paidAt FROM payments GROUP BY campaignId) p
         ON p.campaignId = c.id
      WHERE c.status <> 'draft'`,
    { type: QueryTypes.SELECT },
  );
  if (!launched.length) return;
  await qi.bulkInsert(
    'campaign_agent_versions',
    launched.map((row) => ({
      campaignId: row.id,
      version: 1,
      snapshot: JSON.stringify(
        Object.fromEntries(
          AGENT_COLUMNS.map((column) => [
            column,
            column === 'agentDocuments' ? JSON.parse((row[column] as string | null) || '[]') : row[column],
          ]),
        ),
      ),
      changedFields: '[]',
      changedByUserId: null,
      restoredFrom: null,
      createdAt: row.paidAt ?? row.updatedAt,
    })),
  );
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('call_records', 'agentVersion');
  await qi.removeColumn('campaigns', 'agentVersion');
  await qi.dropTable('campaign_agent_versions');
}
