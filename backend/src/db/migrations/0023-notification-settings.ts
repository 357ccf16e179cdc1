import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The mail a customer chooses to get (docs/notifications.md).
 *
 * - `notification_settings`: one row per user once they change anything (no row: the defaults,
 *   each call's lead alert and every category on). `timeZone` is where the daily digest's 8:00 is
 *   read; NULL until chosen.
 * - `campaign_alert_recipients`: up to 5 addresses besides the owner's that a campaign's lead
 *   alerts go to, each once per campaign.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('notification_settings', {
    userId: {
      type: DataTypes.INTEGER.UNSIGNED,
      primaryKey: true,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    leadAlerts: { type: DataTypes.ENUM('each', 'digest', 'off'), allowNull: false, defaultValue: 'each' },
    campaignEvents: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ticketAnswers: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    timeZone: { type: DataTypes.STRING(64), allowNull: true },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  // The hourly digest run reads the users whose digest is due.
  await qi.addIndex('notification_settings', ['leadAlerts'], { name: 'notification_settings_lead_alerts' });

  await qi.createTable('campaign_alert_recipients', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    campaignId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: false,
      references: { model: 'campaigns', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    email: { type: DataTypes.STRING(255), allowNull: false },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('campaign_alert_recipients', ['campaignId', 'email'], {
    unique: true,
    name: 'campaign_alert_recipients_once',
  });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.dropTable('campaign_alert_recipients');
  await qi.dropTable('notification_settings');
}
