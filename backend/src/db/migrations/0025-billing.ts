import { DataTypes, type QueryInterface } from 'sequelize';

const ms = (allowNull = true) => ({ type: DataTypes.DATE(3), allowNull });
const str = (length: number, allowNull = true) => ({ type: DataTypes.STRING(length), allowNull });
const cents = { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 };
const flag = { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false };

/**
 * Monthly billing (issue 36): each paid campaign is one Stripe subscription.
 *
 * - campaigns gain the subscription, its current period (the dialer's monthly count follows it),
 *   cancel-at-period-end, opt-in overage, when it was canceled, the status a past_due campaign
 *   returns to once paid, and a downgrade waiting for the next period.
 * - `invoices`: Stripe's invoices as Ringcast last read them (id = Stripe's `in_...`).
 * - `stripe_events`: every webhook event processed, once (events arrive twice and out of order).
 * - `usage_outbox`: metered overage, written in the transaction that settles the call and sent to
 *   Stripe's meter by a job (the call's id makes it exactly once; Stripe only de-duplicates a day).
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('campaigns', 'stripeSubscriptionId', str(64));
  await qi.addColumn('campaigns', 'currentPeriodStart', ms());
  await qi.addColumn('campaigns', 'currentPeriodEnd', ms());
  await qi.addColumn('campaigns', 'cancelAtPeriodEnd', flag);
  await qi.addColumn('campaigns', 'overage', flag);
  await qi.addColumn('campaigns', 'canceledAt', ms());
  await qi.addColumn('campaigns', 'statusBeforePastDue', str(16));
  await qi.addColumn('campaigns', 'pendingMonthlyCallVolume', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addIndex('campaigns', ['stripeSubscriptionId'], { name: 'campaigns_stripe_subscription' });

  await qi.createTable('invoices', {
    id: { type: DataTypes.STRING(64), primaryKey: true },
    userId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    campaignId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: true,
      references: { model: 'campaigns', key: 'id' },
      onDelete: 'SET NULL',
      onUpdate: 'CASCADE',
    },
    stripeSubscriptionId: str(64),
    number: str(64),
    status: str(16, false),
    totalCents: cents,
    amountPaidCents: cents,
    amountDueCents: cents,
    periodStart: ms(),
    periodEnd: ms(),
    hostedInvoiceUrl: str(512),
    invoicePdf: str(512),
    billingReason: str(32),
    stripeCreatedAt: ms(false),
    createdAt: ms(false),
    updatedAt: ms(false),
  });
  await qi.addIndex('invoices', ['userId', 'stripeCreatedAt'], { name: 'invoices_user_created' });
  await qi.addIndex('invoices', ['status'], { name: 'invoices_status' });
  await qi.addIndex('invoices', ['campaignId'], { name: 'invoices_campaign' });

  await qi.createTable('stripe_events', {
    id: { type: DataTypes.STRING(64), primaryKey: true },
    type: str(64, false),
    processedAt: ms(false),
  });

  await qi.createTable('usage_outbox', {
    id: { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true },
    campaignId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: false,
      references: { model: 'campaigns', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    callRecordId: { type: DataTypes.BIGINT.UNSIGNED, allowNull: false },
    eventName: str(100, false),
    stripeCustomerId: str(64, false),
    quantity: { type: DataTypes.INTEGER, allowNull: false },
    occurredAt: ms(false),
    sentAt: ms(),
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    lastError: str(500),
    createdAt: ms(false),
  });
  await qi.addIndex('usage_outbox', ['callRecordId'], { unique: true, name: 'usage_outbox_call' });
  await qi.addIndex('usage_outbox', ['sentAt'], { name: 'usage_outbox_sent' });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.dropTable('usage_outbox');
  await qi.dropTable('stripe_events');
  await qi.dropTable('invoices');
  await qi.removeIndex('campaigns', 'campaigns_stripe_subscription');
  for (const column of [
    'pendingMonthlyCallVolume',
    'statusBeforePastDue',
    'canceledAt',
    'overage',
    'cancelAtPeriodEnd',
    'currentPeriodEnd',
    'currentPeriodStart',
    'stripeSubscriptionId',
  ]) {
    await qi.removeColumn('campaigns', column);
  }
}
