import type { SpreadsheetFormat } from '../prospectImport/fileContent';
import { sequelize } from '../../db/sequelize';
import { Campaign, type ProspectList } from '../../db/models';
import { notFound } from '../../errors';
import { recordAudit, type AuditActor } from '../auditLog';
import { CAMPAIGN_NOT_FOUND } from '@ringcast/shared-types';
import { publishCampaign } from '../campaigns';
import { createProspectListFromUpload } from '../prospectLists';

/**
 * A purchased list (hasProvidedList false) arrives from the team: the upload becomes a list owned by
 * the campaign's customer, parsed like theirs, and is attached to the campaign (audited). Its
 * prospects are queued for calling once the parse is done.
 */
export async function attachPurchasedList(
  actor: AuditActor,
  campaignId: number,
  upload: { originalName: string; tempPath: string; format: SpreadsheetFormat },
): Promise<{ campaign: Campaign; list: ProspectList }> {
  const campaign = await Campaign.findByPk(campaignId);
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  const list = await createProspectListFromUpload({ userId: campaign.userId, ...upload });
  const updated = await sequelize.transaction(async (transaction) => {
    const locked = await Campaign.findByPk(campaign.id, { transaction, lock: true });
    if (!locked) throw notFound(CAMPAIGN_NOT_FOUND);
    const before = {
      prospectListId: locked.prospectListId ?? null,
      prospectListFile: locked.prospectListFile ?? null,
    };
    await locked.update({ prospectListId: list.id, prospectListFile: list.name }, { transaction });
    await recordAudit(
      {
        actor,
        action: 'campaign.prospectList',
        entityType: 'campaign',
        entityId: locked.id,
        before,
        after: { prospectListId: list.id, prospectListFile: list.name },
      },
      transaction,
    );
    publishCampaign(locked, transaction);
    return locked;
  });
  return { campaign: updated, list };
}
