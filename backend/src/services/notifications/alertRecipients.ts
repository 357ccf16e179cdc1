import type { AlertRecipients, AlertRecipientsInput } from '@ringcast/shared-types';
import { CAMPAIGN_NOT_FOUND } from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import { Campaign, CampaignAlertRecipient } from '../../db/models';
import { findOwned } from '../../policies/ownership';

/** The campaign's extra lead alert addresses, in the order they were added. */
export async function alertRecipientsOf(campaignId: number): Promise<string[]> {
  const rows = await CampaignAlertRecipient.findAll({
    where: { campaignId },
    attributes: ['email'],
    order: [['id', 'ASC']],
  });
  return rows.map((row) => row.email);
}

/** The owner's read; someone else's campaign answers 404. */
export async function getAlertRecipients(userId: number, campaignId: number): Promise<AlertRecipients> {
  await findOwned(Campaign, campaignId, userId, { message: CAMPAIGN_NOT_FOUND });
  return { campaignId, recipients: await alertRecipientsOf(campaignId) };
}

/**
 * Replaces the list (the schema has already refused more than 5 and repeats). The campaign's row is
 * locked, so two saves at once end with one of the two lists, not a mix.
 */
export async function replaceAlertRecipients(
  userId: number,
  campaignId: number,
  input: AlertRecipientsInput,
): Promise<AlertRecipients> {
  await sequelize.transaction(async (transaction) => {
    await findOwned(Campaign, campaignId, userId, { message: CAMPAIGN_NOT_FOUND, transaction, lock: true });
    await CampaignAlertRecipient.destroy({ where: { campaignId }, transaction });
    await CampaignAlertRecipient.bulkCreate(
      input.recipients.map((email) => ({ campaignId, email })),
      { transaction },
    );
  });
  return { campaignId, recipients: await alertRecipientsOf(campaignId) };
}
