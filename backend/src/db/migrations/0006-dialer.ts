import { DataTypes, type QueryInterface } from 'sequelize';

const time = (allowNull = true) => ({ type: DataTypes.DATE(3), allowNull });
const str = (length: number, allowNull = true) => ({ type: DataTypes.STRING(length), allowNull });
const count = { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, defaultValue: 0 };
const ref = (table: string, onDelete: 'CASCADE' | 'SET NULL', big = false, allowNull = false) => ({
  type: big ? DataTypes.BIGINT.UNSIGNED : DataTypes.INTEGER.UNSIGNED,
  allowNull,
  references: { model: table, key: 'id' },
  onDelete,
  onUpdate: 'CASCADE',
});

/**
 * The dialer's tables. Each exactly-once rule lives in the data: a prospect is dialed at most once
 * per attempt (unique campaign + prospect + attempt), a number is in at most one live call per
 * customer (unique generated `liveKey`), a callback is applied at most once (unique call +
 * kind + sequence number), and a call is counted once (`settledAt`).
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('campaigns', 'maxConcurrentCalls', {
    type: DataTypes.SMALLINT.UNSIGNED,
    allowNull: false,
    defaultValue: 2,
  });
  await qi.addColumn('campaigns', 'voicemailAction', {
    ...str(16, false),
    defaultValue: 'leave_message',
  });
  await qi.addColumn('campaigns', 'providedPhoneNumber', str(20));
  await qi.addColumn('campaigns', 'providedPhoneNumberSid', str(64));
  // The list whose prospects were copied into campaign_prospects, and how many are left to call.
  await qi.addColumn('campaigns', 'seededProspectListId', {
    type: DataTypes.INTEGER.UNSIGNED,
    allowNull: true,
  });
  await qi.addColumn('campaigns', 'prospectsRemaining', count);
  // Of the calls counted in totalCalls: answered by a person, and by a machine.
  await qi.addColumn('campaigns', 'personCalls', count);
  await qi.addColumn('campaigns', 'voicemailCalls', count);

  await qi.addColumn('call_records', 'userId', { type: DataTypes.INTEGER.UNSIGNED, allowNull: true });
  await qi.sequelize.query(
    'UPDATE call_records r JOIN campaigns c ON c.id = r.campaignId SET r.userId = c.userId',
  );
  // No foreign key of its own (the campaign's cascades): MariaDB refuses a generated column over a
  // column that a foreign key's cascade could change behind it.
  await qi.changeColumn('call_records', 'userId', { type: DataTypes.INTEGER.UNSIGNED, allowNull: false });
  await qi.addColumn('call_records', 'attempt', {
    type: DataTypes.SMALLINT.UNSIGNED,
    allowNull: false,
    defaultValue: 1,
  });
  await qi.addColumn('call_records', 'direction', { ...str(8, false), defaultValue: 'outbound' });
  await qi.addColumn('call_records', 'test', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  });
  await qi.addColumn('call_records', 'fromNumber', str(20));
  await qi.addColumn('call_records', 'accountSid', str(64));
  await qi.addColumn('call_records', 'amdResult', str(32));
  await qi.addColumn('call_records', 'billable', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  });
  await qi.addColumn('call_records', 'price', { type: DataTypes.DECIMAL(10, 5), allowNull: true });
  await qi.addColumn('call_records', 'outcome', str(32));
  await qi.addColumn('call_records', 'dialedAt', time());
  await qi.addColumn('call_records', 'lastEventAt', time());
  await qi.addColumn('call_records', 'settledAt', time());
  await qi.addColumn('call_records', 'billingMonth', str(7));
  await qi.addColumn('call_records', 'sipResponseCode', {
    type: DataTypes.SMALLINT.UNSIGNED,
    allowNull: true,
  });
  await qi.addColumn('call_records', 'errorMessage', str(255));
  await qi.sequelize.query(
    `ALTER TABLE call_records ADD COLUMN liveKey VARCHAR(40) AS (
       CASE WHEN status IN ('queued', 'dialing', 'ringing', 'in_progress')
            THEN CONCAT(userId, ':', toNumber) END) PERSISTENT`,
  );
  await qi.addIndex('call_records', ['liveKey'], { unique: true, name: 'call_records_live_number' });
  await qi.addIndex('call_records', ['campaignId', 'prospectId', 'attempt'], {
    unique: true,
    name: 'call_records_attempt_unique',
  });
  await qi.addIndex('call_records', ['campaignId', 'status'], { name: 'call_records_campaign_status' });
  await qi.addIndex('call_records', ['status', 'lastEventAt'], { name: 'call_records_status_event' });

  await qi.createTable('call_events', {
    id: { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true },
    callRecordId: ref('call_records', 'CASCADE', true),
    callSid: str(64, false),
    kind: str(8, false),
    sequenceNumber: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    providerStatus: str(32),
    receivedAt: time(false),
  });
  await qi.addIndex('call_events', ['callSid', 'kind', 'sequenceNumber'], {
    unique: true,
    name: 'call_events_once',
  });

  await qi.createTable('campaign_prospects', {
    campaignId: { ...ref('campaigns', 'CASCADE'), primaryKey: true },
    prospectId: { ...ref('prospects', 'CASCADE', true), primaryKey: true },
    phoneNumber: str(20, false),
    state: { ...str(12, false), defaultValue: 'pending' },
    attempts: { type: DataTypes.SMALLINT.UNSIGNED, allowNull: false, defaultValue: 0 },
    lastResult: str(16),
    lastAttemptAt: time(),
    // When the prospect may next be tried; NULL while a call is live or when nothing is left to do.
    dueAt: time(),
    reason: str(32),
    updatedAt: time(false),
  });
  await qi.addIndex('campaign_prospects', ['campaignId', 'dueAt', 'prospectId'], {
    name: 'campaign_prospects_due',
  });
  await qi.addIndex('campaign_prospects', ['phoneNumber'], { name: 'campaign_prospects_phone' });

  await qi.createTable('campaign_usage', {
    campaignId: { ...ref('campaigns', 'CASCADE'), primaryKey: true },
    month: { type: DataTypes.CHAR(7), allowNull: false, primaryKey: true },
    billableCalls: count,
  });

  await qi.createTable('campaign_stat_adjustments', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    campaignId: ref('campaigns', 'CASCADE'),
    actorUserId: ref('users', 'SET NULL', false, true),
    totalCalls: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    successfulCalls: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    totalCost: { type: DataTypes.DECIMAL(12, 2), allowNull: false, defaultValue: '0.00' },
    effectiveAt: time(false),
    createdAt: time(false),
  });
  await qi.addIndex('campaign_stat_adjustments', ['campaignId', 'effectiveAt'], {
    name: 'campaign_stat_adjustments_campaign',
  });

  await qi.createTable('do_not_call_numbers', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    // NULL: the platform-wide list the admins keep.
    userId: ref('users', 'CASCADE', false, true),
    // userId, or 0 for the platform's list: what makes a number appear once per list.
    scope: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    phoneNumber: str(20, false),
    reason: str(255),
    source: str(16, false),
    callRecordId: { type: DataTypes.BIGINT.UNSIGNED, allowNull: true },
    createdByUserId: { type: DataTypes.INTEGER.UNSIGNED, allowNull: true },
    createdAt: time(false),
  });
  await qi.addIndex('do_not_call_numbers', ['scope', 'phoneNumber'], {
    unique: true,
    name: 'do_not_call_numbers_once',
  });
  await qi.addIndex('do_not_call_numbers', ['phoneNumber'], { name: 'do_not_call_numbers_phone' });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.dropTable('do_not_call_numbers');
  await qi.dropTable('campaign_stat_adjustments');
  await qi.dropTable('campaign_usage');
  await qi.dropTable('campaign_prospects');
  await qi.dropTable('call_events');
  for (const index of [
    'call_records_status_event',
    'call_records_campaign_status',
    'call_records_attempt_unique',
    'call_records_live_number',
  ]) {
    await qi.removeIndex('call_records', index);
  }
  for (const column of [
    'liveKey',
    'errorMessage',
    'sipResponseCode',
    'billingMonth',
    'settledAt',
    'lastEventAt',
    'dialedAt',
    'outcome',
    'price',
    'billable',
    'amdResult',
    'accountSid',
    'fromNumber',
    'test',
    'direction',
    'attempt',
    'userId',
  ]) {
    await qi.removeColumn('call_records', column);
  }
  for (const column of [
    'voicemailCalls',
    'personCalls',
    'prospectsRemaining',
    'seededProspectListId',
    'providedPhoneNumberSid',
    'providedPhoneNumber',
    'voicemailAction',
    'maxConcurrentCalls',
  ]) {
    await qi.removeColumn('campaigns', column);
  }
}
