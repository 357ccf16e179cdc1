import { Op, type Transaction } from 'sequelize';
import {
  CAMPAIGN_NOT_FOUND,
  ONE_SETUP_FLAG_MESSAGE,
  SETUP_FLAGS,
  type AdminListQuery,
  type SetupFlag,
  type UpdateCampaignStatsInput,
  type UpdateSetupFlagInput,
} from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import { AgentDocument, Campaign, CampaignStatAdjustment, ProspectList, User } from '../../db/models';
import { badRequest, notFound } from '../../errors';
import type { CampaignWithOwner } from '../../presenters/adminCampaign';
import { publishCampaign } from '../campaigns';
import { changedFields, recordAudit, type AuditActor } from '../auditLog';
import { assertSetupFlagAllowed } from '../calls/shared';
import { containsPattern, findPage, like, personMatches, searchText, type Page } from './listQuery';

// The owner's Twilio number is the caller ID of a campaign on their own account.
const OWNER_ATTRIBUTES = ['id', 'firstName', 'lastName', 'email', 'companyName', 'twilioPhoneNumber'];
const withOwner = () => ({ model: User, as: 'owner', attributes: OWNER_ATTRIBUTES, required: true });
/** The list's stored file name, which the admin download of the campaign's list asks for. */
const withListFile = () => ({
  model: ProspectList,
  as: 'prospectList',
  attributes: ['id', 'storedFileName'],
  required: false,
});

/**
 * Adds the names the campaigns' agent documents were uploaded under (campaigns keep only the
 * generated stored names), in one query for the whole page.
 */
async function withDocumentNames<T extends CampaignWithOwner>(campaigns: T[]): Promise<T[]> {
  const stored = [...new Set(campaigns.flatMap((campaign) => campaign.agentDocuments ?? []))];
  const documents = stored.length
    ? await AgentDocument.findAll({
        where: { storedFileName: stored },
        attributes: ['userId', 'storedFileName', 'originalName'],
      })
    : [];
  for (const campaign of campaigns) {
    const own = documents.filter(
      (document) =>
        document.userId === campaign.userId && campaign.agentDocuments.includes(document.storedFileName),
    );
    campaign.agentDocumentNames = Object.fromEntries(
      own.map((document) => [document.storedFileName, document.originalName]),
    );
  }
  return campaigns;
}

/** The Campaigns tab: newest first, searched by campaign name and the owner's name, email and company. */
export async function listCampaignsForAdmin(query: AdminListQuery): Promise<Page<CampaignWithOwner>> {
  const q = searchText(query);
  const pattern = q ? containsPattern(q) : null;
  const page = await findPage<CampaignWithOwner>(Campaign, query, {
    where: pattern
      ? { [Op.or]: [like('Campaign.name', pattern), ...personMatches('owner', pattern, { company: true })] }
      : {},
    searching: Boolean(pattern),
    include: [withOwner(), withListFile()],
  });
  return { ...page, rows: await withDocumentNames(page.rows) };
}

/** The Overview's most recent campaigns, each with its owner. */
export async function recentCampaigns(limit: number): Promise<CampaignWithOwner[]> {
  const campaigns: CampaignWithOwner[] = await Campaign.findAll({
    include: [withOwner(), withListFile()],
    order: [
      ['createdAt', 'DESC'],
      ['id', 'DESC'],
    ],
    limit,
  });
  return withDocumentNames(campaigns);
}

async function lockCampaign(id: number, transaction: Transaction): Promise<Campaign> {
  const campaign = await Campaign.findByPk(id, { transaction, lock: true });
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}

const statsOf = (campaign: Campaign) => ({
  totalCalls: campaign.totalCalls,
  successfulCalls: campaign.successfulCalls,
  totalCost: campaign.totalCost,
  statisticsLastUpdated: campaign.statisticsLastUpdated ?? null,
});

/**
 * The admin's figures for a campaign (spec §4) become the campaign's totals, and what they change is
 * kept as a dated, audited adjustment: the cards (all time) and the dashboard (by date) both stay
 * equal to the call records plus the adjustments. The owner's tabs and every admin hear of it once
 * committed.
 */
export function updateCampaignStats(
  actor: AuditActor,
  campaignId: number,
  input: UpdateCampaignStatsInput,
): Promise<Campaign> {
  return sequelize.transaction(async (transaction) => {
    const campaign = await lockCampaign(campaignId, transaction);
    const before = statsOf(campaign);
    const now = new Date();
    const costCents = Math.round(input.totalCost * 100);
    const adjustment = {
      totalCalls: input.totalCalls - campaign.totalCalls,
      successfulCalls: input.successfulCalls - campaign.successfulCalls,
      totalCostCents: costCents - Math.round(Number(campaign.totalCost) * 100),
    };
    if (adjustment.totalCalls || adjustment.successfulCalls || adjustment.totalCostCents) {
      await CampaignStatAdjustment.create(
        {
          campaignId: campaign.id,
          actorUserId: actor.id,
          totalCalls: adjustment.totalCalls,
          successfulCalls: adjustment.successfulCalls,
          totalCost: (adjustment.totalCostCents / 100).toFixed(2),
          effectiveAt: now,
        },
        { transaction },
      );
    }
    await campaign.update(
      {
        totalCalls: input.totalCalls,
        successfulCalls: input.successfulCalls,
        totalCost: (costCents / 100).toFixed(2),
        statisticsLastUpdated: now,
      },
      { transaction },
    );
    const diff = changedFields(before, statsOf(campaign));
    if (diff) {
      await recordAudit(
        { actor, action: 'campaign.stats', entityType: 'campaign', entityId: campaign.id, ...diff },
        transaction,
      );
    }
    publishCampaign(campaign, transaction);
    return campaign;
  });
}

/** The one flag the validated body names (the schema guarantees exactly one). */
function flagOf(input: UpdateSetupFlagInput): [SetupFlag, boolean] {
  const entry = SETUP_FLAGS.map((flag) => [flag, input[flag]] as const).find(
    ([, value]) => typeof value === 'boolean',
  );
  if (!entry) throw badRequest(ONE_SETUP_FLAG_MESSAGE);
  return entry as [SetupFlag, boolean];
}

/**
 * Sets one of the eight setup flags (spec §4); unchanged, nothing is written or announced.
 * Compliance is refused (409) while the owner's company name, callback number or list attestation
 * is missing.
 */
export function updateCampaignSetupFlag(
  actor: AuditActor,
  campaignId: number,
  input: UpdateSetupFlagInput,
): Promise<Campaign> {
  const [flag, value] = flagOf(input);
  return sequelize.transaction(async (transaction) => {
    const campaign = await lockCampaign(campaignId, transaction);
    const before = Boolean(campaign[flag]);
    if (before === value) return campaign;
    await assertSetupFlagAllowed(campaign, flag, value, transaction);
    await campaign.update({ [flag]: value }, { transaction });
    await recordAudit(
      {
        actor,
        action: 'campaign.setup',
        entityType: 'campaign',
        entityId: campaign.id,
        before: { [flag]: before },
        after: { [flag]: value },
      },
      transaction,
    );
    publishCampaign(campaign, transaction);
    return campaign;
  });
}
