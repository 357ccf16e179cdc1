import { DataTypes, type QueryInterface } from 'sequelize';

const userKey = () => ({
  type: DataTypes.INTEGER.UNSIGNED,
  allowNull: false,
  references: { model: 'users', key: 'id' },
  onDelete: 'CASCADE',
  onUpdate: 'CASCADE',
});

/**
 * Customer webhooks (issue 35): results leave Ringcast for the customer's CRM, signed as Stripe signs.
 *
 * - `webhook_endpoints`: a user's receivers (up to 10), the events each asks for, its signing
 *   secret sealed like the Twilio tokens (lib/secretBox), and whether it is on (Ringcast turns one
 *   off after 3 days of failed deliveries, saying why).
 * - `webhook_events`: each event once (`evt_...`), with the body's data as it was when it happened.
 *   `sourceKey` names what caused it (`call.completed:<call id>`), unique, so a repeated trigger
 *   writes no second event.
 * - `webhook_deliveries`: every attempt of an event at an endpoint, numbered per (endpoint, event),
 *   with what the receiver answered and when the next attempt is due.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('webhook_endpoints', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: userKey(),
    url: { type: DataTypes.STRING(2048), allowNull: false },
    description: { type: DataTypes.STRING(255), allowNull: true },
    events: { type: DataTypes.JSON, allowNull: false },
    secretEncrypted: { type: DataTypes.TEXT, allowNull: false },
    enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    disabledReason: { type: DataTypes.STRING(255), allowNull: true },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('webhook_endpoints', ['userId'], { name: 'webhook_endpoints_user' });

  await qi.createTable('webhook_events', {
    id: { type: DataTypes.STRING(40), primaryKey: true },
    userId: userKey(),
    type: { type: DataTypes.STRING(40), allowNull: false },
    sourceKey: { type: DataTypes.STRING(191), allowNull: true },
    payload: { type: DataTypes.JSON, allowNull: false },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('webhook_events', ['sourceKey'], { unique: true, name: 'webhook_events_source' });
  await qi.addIndex('webhook_events', ['userId', 'createdAt'], { name: 'webhook_events_user' });

  await qi.createTable('webhook_deliveries', {
    id: { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true },
    endpointId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: false,
      references: { model: 'webhook_endpoints', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    eventId: {
      type: DataTypes.STRING(40),
      allowNull: false,
      references: { model: 'webhook_events', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    attempt: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    statusCode: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: true },
    durationMs: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
    responseBody: { type: DataTypes.STRING(500), allowNull: true },
    deliveredAt: { type: DataTypes.DATE(3), allowNull: true },
    nextRetryAt: { type: DataTypes.DATE(3), allowNull: true },
    error: { type: DataTypes.STRING(255), allowNull: true },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('webhook_deliveries', ['endpointId', 'eventId', 'attempt'], {
    unique: true,
    name: 'webhook_deliveries_once',
  });
  await qi.addIndex('webhook_deliveries', ['endpointId', 'id'], { name: 'webhook_deliveries_log' });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.dropTable('webhook_deliveries');
  await qi.dropTable('webhook_events');
  await qi.dropTable('webhook_endpoints');
}
