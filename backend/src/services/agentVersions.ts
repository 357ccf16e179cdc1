import type { Transaction } from 'sequelize';
import {
  AGENT_EDIT_ERRORS,
  AGENT_FIELDS,
  CAMPAIGN_NOT_FOUND,
  canEditAgent,
  changedAgentFields,
  isScriptField,
  type AgentField,
  type AgentSnapshot,
  type AgentVersion,
} from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { Campaign, CampaignAgentVersion, Payment, User } from '../db/models';
import { conflict, notFound } from '../errors';
import { findOwned } from '../policies/ownership';
import { recordAudit } from './auditLog';

/** Who saves a version: the owner, by id, and the email the audit log names them by. */
export interface AgentEditor {
  userId: number;
  email?: string;
}

/** The campaign's agent as it is now. */
export const agentSnapshotOf = (campaign: Campaign): AgentSnapshot =>
  Object.fromEntries(
    AGENT_FIELDS.map((field) => [
      field,
      field === 'agentDocuments' ? [...(campaign.agentDocuments ?? [])] : (campaign[field] ?? null),
    ]),
  ) as AgentSnapshot;

/** When the campaign was launched, as far as we know: its first payment, else now. */
async function launchedAt(campaignId: number, transaction: Transaction): Promise<Date> {
  const first = await Payment.findOne({
    where: { campaignId },
    order: [['createdAt', 'ASC']],
    attributes: ['createdAt'],
    transaction,
  });
  return first?.createdAt ?? new Date();
}

/**
 * Version 1, the agent at launch, for a launched campaign that has none yet (launched before
 * versions existed, or set up directly): taken from `agent`, its fields before any edit. The
 * caller holds the campaign's row lock, so two requests never both write it.
 */
async function ensureLaunchVersion(campaign: Campaign, agent: AgentSnapshot, transaction: Transaction) {
  const any = await CampaignAgentVersion.findOne({
    where: { campaignId: campaign.id },
    attributes: ['id'],
    transaction,
  });
  if (any) return;
  await CampaignAgentVersion.create(
    {
      campaignId: campaign.id,
      version: campaign.agentVersion ?? 1,
      snapshot: agent,
      changedFields: [],
      changedByUserId: null,
      restoredFrom: null,
      createdAt: await launchedAt(campaign.id, transaction),
    },
    { transaction },
  );
}

/**
 * After the owner changed a launched campaign's agent fields (set, not yet saved, on the locked
 * row): when any differs from `before`, writes the next version with who and what, moves the
 * campaign to it and, when a script changed, sets Scripts in the setup back to not done so the
 * team reviews them again before the next call (the dialer calls only with every flag on). The
 * caller saves the campaign. Answers the fields that changed (none: nothing written).
 */
export async function recordAgentVersion(
  campaign: Campaign,
  before: AgentSnapshot,
  editor: AgentEditor,
  transaction: Transaction,
  restoredFrom: number | null = null,
): Promise<AgentField[]> {
  const after = agentSnapshotOf(campaign);
  const changed = changedAgentFields(before, after);
  if (!changed.length) return changed;
  await ensureLaunchVersion(campaign, before, transaction);
  const latest: number = (await CampaignAgentVersion.max('version', {
    where: { campaignId: campaign.id },
    transaction,
  })) as number;
  const version = Math.max(latest ?? 0, campaign.agentVersion ?? 1) + 1;
  await CampaignAgentVersion.create(
    {
      campaignId: campaign.id,
      version,
      snapshot: after,
      changedFields: changed,
      changedByUserId: editor.userId,
      restoredFrom,
    },
    { transaction },
  );
  campaign.agentVersion = version;
  if (changed.some(isScriptField) && campaign.setupScriptsReviewed) {
    campaign.setupScriptsReviewed = false;
    await recordAudit(
      {
        actor: { id: editor.userId, email: editor.email ?? '' },
        action: 'campaign.setup',
        entityType: 'campaign',
        entityId: campaign.id,
        before: { setupScriptsReviewed: true },
        after: { setupScriptsReviewed: false },
      },
      transaction,
    );
  }
  return changed;
}

const nameOf = (user: User | null | undefined) =>
  user ? [user.firstName, user.lastName].filter(Boolean).join(' ') || null : null;

/**
 * GET /api/campaigns/:id/versions: the owner's launched campaign's versions, newest first (a
 * draft has none). Version 1 is written here, from the current fields, when the campaign has none.
 */
export function listAgentVersions(userId: number, campaignId: number): Promise<AgentVersion[]> {
  return sequelize.transaction(async (transaction) => {
    const campaign = await findOwned(Campaign, campaignId, userId, {
      transaction,
      lock: true,
      message: CAMPAIGN_NOT_FOUND,
    });
    if (campaign.status === 'draft') return [];
    await ensureLaunchVersion(campaign, agentSnapshotOf(campaign), transaction);
    const rows = await CampaignAgentVersion.findAll({
      where: { campaignId },
      include: [{ model: User, as: 'changedBy', attributes: ['firstName', 'lastName'] }],
      order: [['version', 'DESC']],
      transaction,
    });
    return rows.map((row) => ({
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      changedFields: row.changedFields,
      changedBy: nameOf((row as CampaignAgentVersion & { changedBy?: User | null }).changedBy),
      restoredFrom: row.restoredFrom ?? null,
      current: row.version === campaign.agentVersion,
    }));
  });
}

/**
 * POST /api/campaigns/:id/versions/:version/restore: the agent of that version becomes the
 * campaign's again, as a new version (history is never rewritten). Restoring the agent the
 * campaign already has changes nothing. The fields are set on the locked row; the caller saves
 * it. Answers the fields that changed.
 */
export async function restoreAgentFields(
  campaign: Campaign,
  version: number,
  editor: AgentEditor,
  transaction: Transaction,
): Promise<AgentField[]> {
  // A draft has no versions; a completed campaign keeps the agent it finished with.
  if (campaign.status === 'draft') throw notFound(AGENT_EDIT_ERRORS.versionNotFound);
  if (!canEditAgent(campaign.status)) throw conflict(AGENT_EDIT_ERRORS.notEditable);
  const before = agentSnapshotOf(campaign);
  await ensureLaunchVersion(campaign, before, transaction);
  const old = await CampaignAgentVersion.findOne({
    where: { campaignId: campaign.id, version },
    transaction,
  });
  if (!old) throw notFound(AGENT_EDIT_ERRORS.versionNotFound);
  campaign.set(old.snapshot);
  return recordAgentVersion(campaign, before, editor, transaction, version);
}
