import type { Transaction } from 'sequelize';
import {
  CAMPAIGN_SETTINGS_FIELDS,
  AREA_CODE_REQUIRED,
  CAMPAIGN_DELETE_ERRORS,
  CAMPAIGN_NOT_FOUND,
  canDeleteCampaign,
  CUSTOM_GOAL_REQUIRED,
  campaignCallingHoursProblem,
  campaignChangeError,
  listCostFor,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { CallRecord, Campaign, Payment, ProspectList } from '../db/models';
import { badRequest, conflict } from '../errors';
import { publish } from '../events/publish';
import { findOwned } from '../policies/ownership';
import { CALLING_RULE_FIELDS, decideProspectsAgain } from './calls/dispatch';
import { moveCallbacksInsideRules } from './callbacks';
import { announceCampaign } from './calls/read';
import { cancelOpenCheckout } from './payments/checkoutSubscription';
import { attestationOf } from './calls/shared';
import { agentSnapshotOf, recordAgentVersion, restoreAgentFields } from './agentVersions';
import { defaultAppointmentHours } from './appointments';
import { removeCampaignRecordings } from './recordings';

/**
 * Who asks for a change, and from which address (lib/clientAddress): an attestation records both;
 * the email names them in the audit log when an agent edit sends the scripts back to review.
 */
export interface CampaignActor {
  userId: number;
  address: string;
  email?: string;
}

export const FOREIGN_PROSPECT_LIST = 'Choose one of your own prospect lists';

const NEWEST_FIRST: [string, string][] = [['createdAt', 'DESC']];

/**
 * Tells the owner's tabs and every admin; inside a transaction, only once it commits. The push is
 * the campaign read again then, with its dialing state (calls/read's announceCampaign): a page
 * shows what it carries without a read of its own.
 */
export function publishCampaign(campaign: Campaign, transaction?: Transaction | null): void {
  announceCampaign(campaign.id, transaction);
}

/** Announces the change once it commits, and answers the campaign as it was written. */
function announce(campaign: Campaign, transaction: Transaction): Campaign {
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

/** Calling hours as they will be once these fields apply over the campaign's: refused when wider than the law. */
function assertCallingHours(fields: Record<string, unknown>, campaign?: Campaign) {
  const pick = (key: 'callingHoursStart' | 'callingHoursEnd' | 'callingDays') =>
    (key in fields ? fields[key] : campaign?.[key]) as string | null | undefined;
  const problem = campaignCallingHoursProblem({
    callingHoursStart: pick('callingHoursStart'),
    callingHoursEnd: pick('callingHoursEnd'),
    callingDays: pick('callingDays'),
  });
  if (problem) throw badRequest(problem, { callingHoursStart: problem });
}

/**
 * A new draft: listCost follows the list choice, a custom goal is kept only for type other, and a
 * step-2 box sent ticked records the attestation.
 */
export function createCampaign(actor: CampaignActor, input: CreateCampaignInput): Promise<Campaign> {
  const { userId } = actor;
  const { status: _status, ...fields } = sentFields(input);
  assertCallingHours(fields);
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
        // Every campaign starts with appointment hours in its owner's zone (used when it books).
        appointmentHours: fields.appointmentHours ?? (await defaultAppointmentHours(userId, transaction)),
        ...attestationOf({}, fields, actor),
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
 * The owner's PUT (DESIGN decisions 5 and 10): either a status move or draft fields, as
 * campaignChangeError allows; a refusal is a 409 with its reason. A step-2 box going from
 * unticked to ticked records who, when and from where. On a launched (active or paused) campaign
 * only the agent's fields may change, and a change is a new version of the agent
 * (agentVersions.ts), which sends changed scripts back to review.
 */
export function updateCampaign(
  actor: CampaignActor,
  id: number,
  input: UpdateCampaignInput,
): Promise<Campaign> {
  const { userId } = actor;
  const { status, ...fields } = sentFields(input);
  const settings = Object.fromEntries(
    Object.entries(fields).filter(([key]) => (CAMPAIGN_SETTINGS_FIELDS as string[]).includes(key)),
  );
  const draft = Object.fromEntries(
    Object.entries(fields).filter(([key]) => !(key in settings)),
  ) as Partial<UpdateCampaignInput>;
  return sequelize.transaction(async (transaction) => {
    const campaign = await findOwned(Campaign, id, userId, {
      transaction,
      lock: true,
      message: CAMPAIGN_NOT_FOUND,
    });
    const changesDraftFields = Object.keys(draft).length > 0;
    const refused = campaignChangeError(campaign, {
      status,
      changesDraftFields,
      draftFields: Object.keys(draft),
    });
    if (refused) throw conflict(refused);
    assertCallingHours(settings, campaign);
    const agentEdit = changesDraftFields && campaign.status !== 'draft';
    const agentBefore = agentEdit ? agentSnapshotOf(campaign) : null;
    // Settings (calls at once, voicemail) may change at any time, alone or with either kind of change.
    const attestation = status || !changesDraftFields ? {} : attestationOf(campaign, draft, actor);
    campaign.set({
      ...(status
        ? { status }
        : agentEdit
          ? draft
          : changesDraftFields
            ? await draftUpdate(campaign, draft, transaction)
            : {}),
      ...settings,
      ...attestation,
    });
    if (agentBefore) await recordAgentVersion(campaign, agentBefore, actor, transaction);
    const changed = campaign.changed();
    if (!changed) return campaign;
    await campaign.save({ transaction });
    if (changed.some((field) => (CALLING_RULE_FIELDS as readonly string[]).includes(field))) {
      await decideProspectsAgain(campaign.id, transaction);
      await moveCallbacksInsideRules(campaign, transaction);
    }
    return announce(campaign, transaction);
  });
}

/**
 * POST /api/campaigns/:id/versions/:version/restore, as the owner: that version's agent becomes
 * the campaign's again, as a new version (agentVersions.ts); the same agent changes nothing.
 */
export function restoreAgentVersion(actor: CampaignActor, id: number, version: number): Promise<Campaign> {
  return sequelize.transaction(async (transaction) => {
    const campaign = await findOwned(Campaign, id, actor.userId, {
      transaction,
      lock: true,
      message: CAMPAIGN_NOT_FOUND,
    });
    const changed = await restoreAgentFields(campaign, version, actor, transaction);
    if (!changed.length) return campaign;
    await campaign.save({ transaction });
    return announce(campaign, transaction);
  });
}

/**
 * Why a prospect list cannot be deleted while a campaign is calling from it: an active campaign is
 * paused, never deleted (DESIGN decision 10).
 */
export const listInUseMessage = (campaignName: string) =>
  `This list is used by "${campaignName}". Pause that campaign first.`;

/**
 * Lets go of a prospect list about to be deleted, inside the deletion's transaction: refused
 * (409) while an active campaign calls from it; any other campaign that names it (a draft, a
 * paused or finished one) drops the list and is announced, so no screen shows a list that is gone.
 */
export async function releaseProspectList(prospectListId: number, transaction: Transaction): Promise<void> {
  const using = await Campaign.findAll({
    where: { prospectListId },
    order: NEWEST_FIRST,
    lock: true,
    transaction,
  });
  const calling = using.find((campaign) => campaign.status === 'active');
  if (calling) throw conflict(listInUseMessage(calling.name));
  for (const campaign of using) {
    await campaign.update({ prospectListId: null, prospectListFile: null }, { transaction });
    announce(campaign, transaction);
  }
}

/**
 * Deletes the owner's campaign (DESIGN decision 10): only in a deletable status (a draft, or
 * canceled: its subscription has ended, its invoices stay without it), and
 * only while none of its calls is in flight. The check runs under the campaign's row lock: a call
 * record's insert checks its foreign key with a shared lock on that row, so no call can be created
 * between the check and the delete (it fails, and is answered 404, once the campaign is gone). Its
 * settled test calls go with it; its payments stay, their campaignId set to NULL and the
 * campaign's name kept on them.
 */
export async function deleteCampaign(userId: number, id: number): Promise<void> {
  // Its calls go with it: their recordings are removed at Twilio first, never left there alone.
  const doomed = await Campaign.findOne({ where: { id, userId }, attributes: ['id', 'status'] });
  if (doomed && canDeleteCampaign(doomed.status)) await removeCampaignRecordings(doomed.id);
  const checkout = await sequelize.transaction(async (transaction) => {
    const campaign = await findOwned(Campaign, id, userId, {
      transaction,
      lock: true,
      message: CAMPAIGN_NOT_FOUND,
    });
    if (!canDeleteCampaign(campaign.status)) throw conflict(CAMPAIGN_DELETE_ERRORS.notDeletable);
    const live = await CallRecord.findOne({
      where: { campaignId: campaign.id, settledAt: null },
      attributes: ['id'],
      transaction,
    });
    if (live) throw conflict(CAMPAIGN_DELETE_ERRORS.callInProgress);
    await Payment.update(
      { campaignName: campaign.name },
      { where: { campaignId: campaign.id }, transaction },
    );
    await campaign.destroy({ transaction });
    publish('campaign:deleted', { id: campaign.id }, { userId, transaction });
    return campaign.status === 'draft' ? campaign.stripeSubscriptionId : null;
  });
  // A draft's unpaid checkout would otherwise wait at Stripe for its 23 hours.
  if (checkout) await cancelOpenCheckout(checkout);
}
