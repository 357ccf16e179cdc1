import { QueryTypes } from 'sequelize';
import { sequelize } from '../../../db/sequelize';
import { Campaign, ProspectList } from '../../../db/models';
import { publishCampaign } from '../../campaigns';
import { sweepClosingsAgain } from './closedCallingAreas';
import { addCallingAreasOfList, CALLING_AREA_OF_PROSPECT } from './callingAreas';
import { DECIDE_AGAIN_AT } from './prospectSchedule';
import { setSetupFlagBySystem } from '../shared';

/** Rows copied per statement: big lists go in steps, so no statement holds locks for long. */
const SEED_BATCH = 20_000;

export type SeedOutcome = 'seeded' | 'already' | 'not_ready';

/**
 * Copies the prospects of the campaign's list into campaign_prospects, with where each may be (its
 * area, added to `calling_areas` when new), so
 * the dispatcher finds and decides them by one index (each due at once, for the calling rules to decide; one marked as on a
 * do-not-call list when its list was read is skipped), and counts what is left to call. Safe to run again (INSERT IGNORE, then the
 * count and the list id in one locked update); a list replaced before calling started drops the
 * old list's untouched prospects. The Prospects setup flag is set in the same transaction.
 */
export async function seedCampaignProspects(campaignId: number): Promise<SeedOutcome> {
  const campaign = await Campaign.findByPk(campaignId);
  const listId = campaign?.prospectListId;
  if (!campaign || !listId) return 'not_ready';
  if (campaign.seededProspectListId === listId) return 'already';
  const list = await ProspectList.findByPk(listId, { attributes: ['id', 'status', 'userId'] });
  if (!list || list.status !== 'ready' || list.userId !== campaign.userId) return 'not_ready';

  if (campaign.seededProspectListId) {
    await sequelize.query(
      `DELETE FROM campaign_prospects WHERE campaignId = :campaignId AND attempts = 0
          AND (state = 'pending' OR (state = 'skipped' AND reason = 'do_not_call'))`,
      { replacements: { campaignId } },
    );
  }
  let after = 0;
  for (;;) {
    const [last] = await sequelize.query<{ lastId: number | null }>(
      `SELECT MAX(id) AS lastId FROM (
         SELECT id FROM prospects WHERE prospectListId = :listId AND id > :after ORDER BY id LIMIT :limit
       ) AS batch`,
      { replacements: { listId, after, limit: SEED_BATCH }, type: QueryTypes.SELECT },
    );
    if (!last?.lastId) break;
    // A number marked when the list was read is skipped here, as the dialer would skip it: the
    // list and the campaign count the same prospects as not to be called.
    await addCallingAreasOfList(listId, after, last.lastId);
    await sequelize.query(
      `INSERT IGNORE INTO campaign_prospects (campaignId, prospectId, phoneNumber, state, attempts, nextAttemptAt, reason,
              callingAreaId, updatedAt)
       SELECT :campaignId, p.id, p.phoneNumber, IF(p.doNotCall, 'skipped', 'pending'), 0, IF(p.doNotCall, NULL, :due),
              IF(p.doNotCall, 'do_not_call', NULL), ca.id, NOW(3)
         FROM prospects p ${CALLING_AREA_OF_PROSPECT}
        WHERE p.prospectListId = :listId AND p.id > :after AND p.id <= :upTo`,
      { replacements: { campaignId, listId, after, upTo: last.lastId, due: DECIDE_AGAIN_AT } },
    );
    after = last.lastId;
  }
  sweepClosingsAgain(campaignId);

  return sequelize.transaction(async (transaction) => {
    const locked = await Campaign.findByPk(campaignId, { transaction, lock: true });
    if (!locked || locked.prospectListId !== listId) return 'not_ready';
    if (locked.seededProspectListId === listId) return 'already';
    const [{ remaining }] = await sequelize.query<{ remaining: number }>(
      `SELECT COUNT(*) AS remaining FROM campaign_prospects
        WHERE campaignId = :campaignId AND state IN ('pending', 'scheduled', 'in_call')`,
      { replacements: { campaignId }, type: QueryTypes.SELECT, transaction },
    );
    await locked.update(
      { seededProspectListId: listId, prospectsRemaining: Number(remaining) },
      { transaction },
    );
    const flagged = await setSetupFlagBySystem(locked, 'setupProspectListProcessed', true, transaction);
    if (!flagged) publishCampaign(locked, transaction);
    return 'seeded';
  });
}
