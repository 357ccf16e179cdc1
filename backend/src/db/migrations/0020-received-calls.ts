import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Of the calls counted in totalCalls, those someone rang into the campaign's number: counted apart
 * so the campaign page and the dashboard show "Calls received" beside "Calls placed". The calls
 * already settled are counted by the rule totalCalls uses (settled, not a test, and placed: a call
 * canceled before anyone dialed is not a call).
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('campaigns', 'receivedCalls', {
    type: DataTypes.INTEGER.UNSIGNED,
    allowNull: false,
    defaultValue: 0,
  });
  await qi.sequelize.query(
    `UPDATE campaigns c
        JOIN (SELECT campaignId, COUNT(*) AS received FROM call_records
               WHERE direction = 'inbound' AND settledAt IS NOT NULL AND test = 0
                 AND (status <> 'canceled' OR dialedAt IS NOT NULL)
               GROUP BY campaignId) r ON r.campaignId = c.id
        SET c.receivedCalls = r.received`,
  );
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('campaigns', 'receivedCalls');
}
