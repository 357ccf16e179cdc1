import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * A payment keeps the name of the campaign it paid for: deleting a campaign sets the payment's
 * campaignId to NULL (DESIGN decision 10: its payments stay), and the admin Payments tab still
 * says which campaign it was. Every existing payment takes its campaign's name now.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('payments', 'campaignName', { type: DataTypes.STRING(200), allowNull: true });
  await qi.sequelize.query(
    `UPDATE payments p JOIN campaigns c ON c.id = p.campaignId
        SET p.campaignName = c.name
      WHERE p.campaignName IS NULL`,
  );
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('payments', 'campaignName');
}
