import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The relay session that holds a call: claimed once, by the first upgrade of its relay socket
 * while the call is live (a conditional update on these columns), and never released, since
 * Twilio opens one ConversationRelay socket per `<Connect>`. The key is the session's own, so its
 * late writes (an outcome or a turn landing just after the call settled) are told from anyone
 * else's.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('call_records', 'relaySessionKey', { type: DataTypes.CHAR(22), allowNull: true });
  await qi.addColumn('call_records', 'relaySessionClaimedAt', { type: DataTypes.DATE(3), allowNull: true });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('call_records', 'relaySessionClaimedAt');
  await qi.removeColumn('call_records', 'relaySessionKey');
}
