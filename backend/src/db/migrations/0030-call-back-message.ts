import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The message a person left for a call back (`record_outcome`'s note with `call_back_later`): what
 * the agent takes after a transfer nobody answered, or whenever someone asks to be called back.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('call_records', 'callbackNote', { type: DataTypes.STRING(500), allowNull: true });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('call_records', 'callbackNote');
}
