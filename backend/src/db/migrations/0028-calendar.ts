import { DataTypes, type QueryInterface } from 'sequelize';

const userKey = () => ({
  type: DataTypes.INTEGER.UNSIGNED,
  allowNull: false,
  unique: true,
  references: { model: 'users', key: 'id' },
  onDelete: 'CASCADE',
  onUpdate: 'CASCADE',
});

/**
 * Calendars (issue 37).
 *
 * - `calendar_connections`: an owner's Cal.com (one per user): the API key sealed like the Twilio
 *   tokens (lib/secretBox) with its last four characters to show, and the chosen event type as
 *   Cal.com described it when it was connected (its title and length).
 * - `calendar_feeds`: the private `.ics` address of each user. `tokenHash` (SHA-256) finds the
 *   feed from a request without the token being stored in the clear; `tokenEncrypted` lets
 *   /account show the same address again. A reset replaces both, so the old address answers 404.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('calendar_connections', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: userKey(),
    provider: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'calcom' },
    apiKeyEncrypted: { type: DataTypes.TEXT, allowNull: false },
    apiKeyLast4: { type: DataTypes.STRING(4), allowNull: false },
    eventTypeId: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    eventTypeTitle: { type: DataTypes.STRING(255), allowNull: false },
    eventTypeMinutes: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: false },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });

  await qi.createTable('calendar_feeds', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: userKey(),
    tokenHash: { type: DataTypes.CHAR(64), allowNull: false, unique: true },
    tokenEncrypted: { type: DataTypes.TEXT, allowNull: false },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.dropTable('calendar_feeds');
  await qi.dropTable('calendar_connections');
}
