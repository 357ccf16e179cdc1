import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Appointments (issue 37): campaigns gain their appointment hours (JSON in TEXT; null until set,
 * when the defaults in the owner's zone apply).
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('campaigns', 'appointmentHours', { type: DataTypes.TEXT, allowNull: true });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('campaigns', 'appointmentHours');
}
