import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * The calling rules' data: where each prospect may be (its candidate time zones and states, as
 * lists), the owner's calling hours and retry policy per campaign, and the dispatcher's index on
 * when each campaign prospect may next be tried (what `dueAt` was, now recomputed by the rules
 * after every attempt). Calls to a number are counted per customer over 24 hours by their own index.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  // Comma-separated IANA zones (every zone the number may ring in) and USPS state codes.
  await qi.addColumn('prospects', 'timeZone', { type: DataTypes.STRING(1024), allowNull: true });
  await qi.addColumn('prospects', 'state', { type: DataTypes.STRING(32), allowNull: true });

  await qi.addColumn('campaigns', 'callingHoursStart', { type: DataTypes.CHAR(5), allowNull: true });
  await qi.addColumn('campaigns', 'callingHoursEnd', { type: DataTypes.CHAR(5), allowNull: true });
  await qi.addColumn('campaigns', 'callingDays', { type: DataTypes.STRING(27), allowNull: true });
  await qi.addColumn('campaigns', 'maxAttempts', {
    type: DataTypes.TINYINT.UNSIGNED,
    allowNull: false,
    defaultValue: 3,
  });
  await qi.addColumn('campaigns', 'retryDelayMinutes', {
    type: DataTypes.SMALLINT.UNSIGNED,
    allowNull: false,
    defaultValue: 240,
  });

  await qi.removeIndex('campaign_prospects', 'campaign_prospects_due');
  await qi.renameColumn('campaign_prospects', 'dueAt', 'nextAttemptAt');
  await qi.addIndex('campaign_prospects', ['campaignId', 'nextAttemptAt', 'prospectId'], {
    name: 'campaign_prospects_next_attempt',
  });
  await qi.addIndex('campaign_prospects', ['campaignId', 'state'], { name: 'campaign_prospects_state' });

  // When the dialer queued the call, by its clock (the rules' time, which tests move): the
  // per-number cap counts a customer's calls to a number by it.
  await qi.addColumn('call_records', 'queuedAt', { type: DataTypes.DATE(3), allowNull: true });
  await qi.addIndex('call_records', ['userId', 'toNumber', 'queuedAt'], { name: 'call_records_number_time' });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeIndex('call_records', 'call_records_number_time');
  await qi.removeColumn('call_records', 'queuedAt');
  await qi.removeIndex('campaign_prospects', 'campaign_prospects_state');
  await qi.removeIndex('campaign_prospects', 'campaign_prospects_next_attempt');
  await qi.renameColumn('campaign_prospects', 'nextAttemptAt', 'dueAt');
  await qi.addIndex('campaign_prospects', ['campaignId', 'dueAt', 'prospectId'], {
    name: 'campaign_prospects_due',
  });
  for (const column of [
    'retryDelayMinutes',
    'maxAttempts',
    'callingDays',
    'callingHoursEnd',
    'callingHoursStart',
  ]) {
    await qi.removeColumn('campaigns', column);
  }
  await qi.removeColumn('prospects', 'state');
  await qi.removeColumn('prospects', 'timeZone');
}
