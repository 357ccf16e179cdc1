import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * What the relay leaves on a call: when its session began (the call reached the agent, so its
 * outcome decides its success), and what the `<Connect action>` request reported at its end: the
 * session's length and the handoff data of our `end` frame.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('call_records', 'relayStartedAt', { type: DataTypes.DATE(3), allowNull: true });
  await qi.addColumn('call_records', 'relaySessionSeconds', {
    type: DataTypes.INTEGER.UNSIGNED,
    allowNull: true,
  });
  await qi.addColumn('call_records', 'relayHandoff', { type: DataTypes.STRING(255), allowNull: true });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('call_records', 'relayHandoff');
  await qi.removeColumn('call_records', 'relaySessionSeconds');
  await qi.removeColumn('call_records', 'relayStartedAt');
}
