import { DataTypes, type QueryInterface } from 'sequelize';

const ref = (table: string, onDelete: 'CASCADE' | 'SET NULL', allowNull: boolean, big = false) => ({
  type: big ? DataTypes.BIGINT.UNSIGNED : DataTypes.INTEGER.UNSIGNED,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
  onUpdate: 'CASCADE',
});

/**
 * Appointments (issue 37): campaigns gain their appointment hours (JSON in TEXT; null until set,
 * when the defaults in the owner's zone apply, as the campaign presenter says).
 *
 * `appointments`: one row per booking the agent made. `heldSlotStart` is `startsAt` while the
 * appointment is booked and NULL once canceled, so `UNIQUE (campaignId, heldSlotStart)` lets only
 * one live booking hold a slot (MariaDB allows many NULLs): two calls booking the same time race
 * on the insert, and the loser's duplicate-key error is its "that time was just taken".
 * `call_records.appointmentId` ties an `appointment_booked` outcome to the booking it made.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('campaigns', 'appointmentHours', { type: DataTypes.TEXT, allowNull: true });
  // Existing campaigns get the defaults (Mon-Fri 9:00-17:00, 30 minutes) in their owner's zone, as
  // a new one does (the presenter's fallback stays for a row written by an older api meanwhile).
  await qi.sequelize.query(
    `UPDATE campaigns c LEFT JOIN notification_settings n ON n.userId = c.userId
        SET c.appointmentHours = JSON_OBJECT('days', JSON_ARRAY('mon', 'tue', 'wed', 'thu', 'fri'),
              'from', '09:00', 'to', '17:00', 'slotMinutes', 30,
              'timeZone', COALESCE(n.timeZone, 'America/New_York'))
      WHERE c.appointmentHours IS NULL`,
  );

  await qi.createTable('appointments', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: ref('users', 'CASCADE', false),
    campaignId: ref('campaigns', 'CASCADE', false),
    prospectId: ref('prospects', 'SET NULL', true, true),
    callRecordId: ref('call_records', 'SET NULL', true, true),
    startsAt: { type: DataTypes.DATE(3), allowNull: false },
    heldSlotStart: { type: DataTypes.DATE(3), allowNull: true },
    timeZone: { type: DataTypes.STRING(64), allowNull: false },
    durationMinutes: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'booked' },
    source: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'agent' },
    externalBookingId: { type: DataTypes.STRING(128), allowNull: true },
    attendeeName: { type: DataTypes.STRING(200), allowNull: true },
    attendeeEmail: { type: DataTypes.STRING(255), allowNull: true },
    phoneNumber: { type: DataTypes.STRING(20), allowNull: false },
    notes: { type: DataTypes.TEXT, allowNull: true },
    canceledAt: { type: DataTypes.DATE(3), allowNull: true },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('appointments', ['campaignId', 'heldSlotStart'], {
    unique: true,
    name: 'appointments_held_slot',
  });
  await qi.addIndex('appointments', ['userId', 'startsAt'], { name: 'appointments_user_starts' });

  await qi.addColumn('call_records', 'appointmentId', ref('appointments', 'SET NULL', true));
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeConstraint('call_records', 'call_records_appointmentId_foreign_idx').catch(() => undefined);
  await qi.removeColumn('call_records', 'appointmentId');
  await qi.dropTable('appointments');
  await qi.removeColumn('campaigns', 'appointmentHours');
}
