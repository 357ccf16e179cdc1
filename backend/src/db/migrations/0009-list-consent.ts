import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Do-not-call marks made when a list is read (each prospect whose number was on the customer's or
 * the platform's list then, and the list's count of them), and the owner's attestation about an
 * uploaded list (who ticked the wizard's step-2 boxes, when, from which address): what the
 * Compliance step and the dialer ask for besides the owner's company name and callback number.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('prospects', 'doNotCall', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  });
  await qi.addColumn('prospect_lists', 'doNotCallCount', {
    type: DataTypes.INTEGER.UNSIGNED,
    allowNull: false,
    defaultValue: 0,
  });
  await qi.addColumn('campaigns', 'listAttestedByUserId', {
    type: DataTypes.INTEGER.UNSIGNED,
    allowNull: true,
  });
  await qi.addColumn('campaigns', 'listAttestedAt', { type: DataTypes.DATE(3), allowNull: true });
  // An IPv4 address, or an IPv6 /64 block in its compressed form.
  await qi.addColumn('campaigns', 'listAttestedFrom', { type: DataTypes.STRING(64), allowNull: true });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('campaigns', 'listAttestedFrom');
  await qi.removeColumn('campaigns', 'listAttestedAt');
  await qi.removeColumn('campaigns', 'listAttestedByUserId');
  await qi.removeColumn('prospect_lists', 'doNotCallCount');
  await qi.removeColumn('prospects', 'doNotCall');
}
