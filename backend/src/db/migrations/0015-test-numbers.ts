import { DataTypes, type QueryInterface } from 'sequelize';

const LIVE_STATUSES = "('queued', 'dialing', 'ringing', 'in_progress')";

/**
 * Test calls ring only the owner's own phones, one at a time.
 *
 * - `test_numbers`: the phones besides the profile's that an owner lets test calls ring (a few,
 *   US and Canada, each once per owner).
 * - `call_records.liveTestUserId`: the owner of a test call that has not ended, else NULL. Its
 *   unique index lets each owner have one such call: two requests at once cannot both create one,
 *   and the key frees itself when the call reaches a final status, however it gets there.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('test_numbers', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    phoneNumber: { type: DataTypes.STRING(20), allowNull: false },
    label: { type: DataTypes.STRING(64), allowNull: true },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('test_numbers', ['userId', 'phoneNumber'], { unique: true, name: 'test_numbers_once' });

  await qi.sequelize.query(
    `ALTER TABLE call_records ADD COLUMN liveTestUserId INT UNSIGNED AS (
       CASE WHEN test = 1 AND status IN ${LIVE_STATUSES} THEN userId END) PERSISTENT`,
  );
  await qi.addIndex('call_records', ['liveTestUserId'], { unique: true, name: 'call_records_live_test' });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeIndex('call_records', 'call_records_live_test');
  await qi.removeColumn('call_records', 'liveTestUserId');
  await qi.dropTable('test_numbers');
}
