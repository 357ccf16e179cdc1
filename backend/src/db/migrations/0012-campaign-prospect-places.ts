import type { QueryInterface } from 'sequelize';

/**
 * Where each campaign prospect may be (its candidate time zones and states), copied from its
 * prospect when the campaign's list is seeded, and the dispatcher's index made covering: a batch of
 * due prospects is read and decided from one range of one index, with no lookup per row in the
 * table or in the much larger prospects table. Zones and state codes are ASCII, which keeps the
 * index entry within InnoDB's key size.
 */
const COVERED = ['phoneNumber', 'attempts', 'lastAttemptAt', 'timeZones', 'states'];

export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.sequelize.query(
    `ALTER TABLE campaign_prospects
       ADD COLUMN timeZones VARCHAR(1024) CHARACTER SET ascii NULL,
       ADD COLUMN states VARCHAR(32) CHARACTER SET ascii NULL`,
  );
  await qi.sequelize.query(
    `UPDATE campaign_prospects cp JOIN prospects p ON p.id = cp.prospectId
        SET cp.timeZones = p.timeZone, cp.states = p.state`,
  );
  await qi.removeIndex('campaign_prospects', 'campaign_prospects_next_attempt');
  await qi.addIndex('campaign_prospects', ['campaignId', 'nextAttemptAt', 'prospectId', ...COVERED], {
    name: 'campaign_prospects_next_attempt',
  });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeIndex('campaign_prospects', 'campaign_prospects_next_attempt');
  await qi.addIndex('campaign_prospects', ['campaignId', 'nextAttemptAt', 'prospectId'], {
    name: 'campaign_prospects_next_attempt',
  });
  await qi.removeColumn('campaign_prospects', 'states');
  await qi.removeColumn('campaign_prospects', 'timeZones');
}
