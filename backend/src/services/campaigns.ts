import type { Transaction } from 'sequelize';
import {
  ADMINS_ROOM,
  campaignChangeError,
  listCostFor,
  userRoom,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { Campaign, ProspectList } from '../db/models';
import { badRequest, conflict } from '../errors';
import { publish } from '../events/publish';
import { findOwned } from '../policies/ownership';
import { presentCampaign } from '../presenters/campaign';

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';
export const FOREIGN_PROSPECT_LIST = 'Choose one of your own prospect lists';
const CUSTOM_GOAL_REQUIRED = 'Describe your custom campaign goal';
const AREA_CODE_REQUIRED = 'Please select an area code';

const NEWEST_FIRST: [string, string][] = [
  ['createdAt', 'DESC'],
  ['id', 'DESC'],
];

const campaignRooms = (userId: number) => [userRoom(userId), ADMINS_ROOM];

/**
 * Tells the owner's tabs and every admin; inside a transaction, only once it commits. The worker
 * uses this too, after it changes a campaign's statistics.
 */
export function publishCampaign(campaign: Campaign, transaction?: Transaction | null): void {
  publish(campaignRooms(campaign.userId), 'campaign:updated', presentCampaign(campaign), { transaction });
}

/** Re-read (the stored timestamps keep whole seconds, as every later read shows them), then announce. */
async function announce(campaign: Campaign, transaction: Transaction): Promise<Campaign> {
  await campaign.reload({ transaction });
  publishCampaign(campaign, transaction);
  return campaign;
}

/** Only the keys actually sent: an absent field keeps its stored value (or the column default). */
const sentFields = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;

async function assertOwnList(
  userId: number,
  prospectListId: number | null | undefined,
  transaction: Transaction,
) {
  if (prospectListId === null || prospectListId === undefined) return;
  const list = await ProspectList.findOne({
    where: { id: prospectListId, userId },
    attributes: ['id'],
    transaction,
  });
  if (!list) throw badRequest(FOREIGN_PROSPECT_LIST, { prospectListId: FOREIGN_PROSPECT_LIST });
}

export function listCampaigns(userId: number): Promise<Campaign[]> {
  return Campaign.findAll({ where: { userId }, order: NEWEST_FIRST });
}

/** A new draft: listCost follows the list choice, and a custom goal is kept only for type other. */
export function createCampaign(userId: number, input: CreateCampaignInput): Promise<Campaign> {
  const { status: _status, ...fields } = sentFields(input);
  return sequelize.transaction(async (transaction) => {
    await assertOwnList(userId, fields.prospectListId, transaction);
    const campaign = await Campaign.create(
      {
        ...fields,
        name: input.name,
        type: input.type,
        userId,
        status: 'draft',
        customType: input.type === 'other' ? (input.customType ?? null) : null,
        listCost: listCostFor(input.hasProvidedList),
      },
      { transaction },
    );
    return announce(campaign, transaction);
  });
}

/** Draft fields checked against what the campaign will look like once they are applied. */
async function draftUpdate(
  campaign: Campaign,
  draft: Partial<UpdateCampaignInput>,
  transaction: Transaction,
) {
  const values: Record<string, unknown> = { ...draft };
  const type = draft.type ?? campaign.type;
  if (type === 'other') {
    const customType = 'customType' in draft ? draft.customType : campaign.customType;
    if (!customType) throw badRequest(CUSTOM_GOAL_REQUIRED, { customType: CUSTOM_GOAL_REQUIRED });
  } else {
    values.customType = null;
  }
  const useProvidedNumber = draft.useProvidedNumber ?? campaign.useProvidedNumber;
  const areaCode =
    'providedNumberAreaCode' in draft ? draft.providedNumberAreaCode : campaign.providedNumberAreaCode;
  if (useProvidedNumber && !areaCode) {
    throw badRequest(AREA_CODE_REQUIRED, { providedNumberAreaCode: AREA_CODE_REQUIRED });
  }
  if ('hasProvidedList' in draft) values.listCost = listCostFor(draft.hasProvidedList);
  if ('prospectListId' in draft) await assertOwnList(campaign.userId, draft.prospectListId, transaction);
  return values;
}

/**
 * The owner's PUT (DESIGN decision 5): either a status move or draft fields, as
 * campaignChangeError allows; a refusal is a 409 with its reason.
 */
export function updateCampaign(userId: number, id: unknown, input: UpdateCampaignInput): Promise<Campaign> {
  const { status, ...draft } = sentFields(input);
  return sequelize.transaction(async (transaction) => {
    const campaign = await findOwned(Campaign, id, userId, {
      transaction,
      lock: true,
      message: CAMPAIGN_NOT_FOUND,
    });
    const changesDraftFields = Object.keys(draft).length > 0;
    const refused = campaignChangeError(campaign, { status, changesDraftFields });
    if (refused) throw conflict(refused);
    campaign.set(
      status ? { status } : changesDraftFields ? await draftUpdate(campaign, draft, transaction) : {},
    );
    if (!campaign.changed()) return campaign;
    await campaign.save({ transaction });
    return announce(campaign, transaction);
  });
}

/** Deletes the owner's campaign; its calls go with it, its payments stay (their campaignId is set to NULL). */
export function deleteCampaign(userId: number, id: unknown): Promise<void> {
  return sequelize.transaction(async (transaction) => {
    const campaign = await findOwned(Campaign, id, userId, {
      transaction,
      lock: true,
      message: CAMPAIGN_NOT_FOUND,
    });
    await campaign.destroy({ transaction });
    publish(campaignRooms(userId), 'campaign:deleted', { id: campaign.id }, { transaction });
  });
}
