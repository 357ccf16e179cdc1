import type { CampaignStatus } from '../domain/campaign';
import {
  AGENT_EDIT_ERRORS,
  canEditAgent,
  isAgentField,
  lockedAfterLaunchMessage,
} from '../api/agentVersions';

/** What the owner asks for in one update: a status move, draft-field changes, or neither. */
export interface OwnerCampaignChange {
  status?: string;
  /** Whether any draft field (name, type, scripts, ...) is part of the change. */
  changesDraftFields: boolean;
  /** Which draft fields, when known: after launch only the agent's may change. */
  draftFields?: readonly string[];
}

export const CAMPAIGN_CHANGE_ERRORS = {
  mixed: 'Change the status or the campaign details, not both at once.',
  notDraft: 'Only a draft campaign can be edited.',
  unpaid: 'Only a paid campaign can be started or paused.',
  draftStartsOnPayment: 'A draft campaign starts once its payment is confirmed.',
  completed: 'A completed campaign cannot be started or paused.',
  pastDue:
    'Payment failed: update the card to resume calling. The campaign resumes by itself once the invoice is paid.',
  canceled: 'A canceled campaign cannot be started or paused: its subscription has ended.',
  badTarget: 'Status can only be set to active or paused.',
} as const;

/** The statuses the owner may pick; the others are reached through payment or by the team. */
export const OWNER_SETTABLE_STATUSES = ['active', 'paused'] as const;

/**
 * DESIGN decisions 5 and 10. Why the owner may not make this change, or null when they may: any
 * draft field while the campaign is a draft, and only the agent's (agentVersions' AGENT_FIELDS)
 * while it is active or paused; active <-> paused only once the setup is paid; a draft is started
 * by payment, never by the owner, nor a past_due or canceled one (billing moves those); never both
 * kinds of change in one request.
 */
export function campaignChangeError(
  campaign: { status: CampaignStatus; setupPaymentProcessed: boolean },
  change: OwnerCampaignChange,
): string | null {
  const target = change.status;
  if (target !== undefined && change.changesDraftFields) return CAMPAIGN_CHANGE_ERRORS.mixed;
  if (change.changesDraftFields) return draftFieldsError(campaign.status, change.draftFields);
  if (target === undefined) return null;
  const settable: readonly string[] = OWNER_SETTABLE_STATUSES;
  if (!settable.includes(target)) return CAMPAIGN_CHANGE_ERRORS.badTarget;
  if (campaign.status === 'completed') return CAMPAIGN_CHANGE_ERRORS.completed;
  // Billing decides these: paid again, a past_due campaign returns to where it was by itself.
  if (campaign.status === 'past_due') return CAMPAIGN_CHANGE_ERRORS.pastDue;
  if (campaign.status === 'canceled') return CAMPAIGN_CHANGE_ERRORS.canceled;
  if (!campaign.setupPaymentProcessed) return CAMPAIGN_CHANGE_ERRORS.unpaid;
  if (campaign.status === 'draft') return CAMPAIGN_CHANGE_ERRORS.draftStartsOnPayment;
  return null;
}

function draftFieldsError(status: CampaignStatus, fields: readonly string[] | undefined): string | null {
  if (status === 'draft') return null;
  if (!canEditAgent(status) || !fields)
    return fields ? AGENT_EDIT_ERRORS.notEditable : CAMPAIGN_CHANGE_ERRORS.notDraft;
  const locked = fields.filter((field) => !isAgentField(field));
  return locked.length ? lockedAfterLaunchMessage(locked) : null;
}

/** The toggle a campaign card offers (spec §4): Pause while active, otherwise Start. */
export const toggleTargetFor = (status: CampaignStatus) =>
  status === 'active'
    ? ({ status: 'paused', label: 'Pause' } as const)
    : ({ status: 'active', label: 'Start' } as const);

/** Whether the owner can still edit the campaign's details in the wizard. */
export const isEditableDraft = (status: CampaignStatus) => status === 'draft';

/**
 * Whether the campaign still waits for its payment: a draft whose payment step is not done. Its
 * card offers Pay & Launch instead of Start, and only such a campaign can be checked out.
 */
export const awaitsPayment = (campaign: { status: CampaignStatus; setupPaymentProcessed: boolean }) =>
  campaign.status === 'draft' && !campaign.setupPaymentProcessed;

/**
 * DESIGN decision 10: the statuses a campaign can be deleted in: a draft, and a campaign whose
 * subscription has ended. A paying campaign is paused or cancelled instead, and its call records
 * and payments stay; a deleted one's payments and invoices stay too.
 */
export const DELETABLE_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['draft', 'canceled'];

export const CAMPAIGN_DELETE_ERRORS = {
  notDeletable:
    'Only a draft or canceled campaign can be deleted. Pause or cancel it to stop its calls; its call records and payments stay.',
  callInProgress: 'A test call of this campaign is still in progress. Try again when it ends.',
} as const;

/** Whether the owner may delete a campaign in this status (the server and the Delete button both ask). */
export const canDeleteCampaign = (status: CampaignStatus) => DELETABLE_CAMPAIGN_STATUSES.includes(status);

/**
 * Monthly billing: the statuses whose subscription is paid up and renewing (monthly recurring
 * revenue counts them; a paused or completed campaign is still billed), those still billed at all
 * (past_due too: Stripe retries; the owner may cancel), and those in which billing, not the owner,
 * stops the calls.
 */
export const SUBSCRIBED_CAMPAIGN_STATUSES = ['active', 'paused', 'completed'] as const;
export const BILLED_CAMPAIGN_STATUSES = [...SUBSCRIBED_CAMPAIGN_STATUSES, 'past_due'] as const;
export const BILLING_STOPPED_STATUSES: readonly CampaignStatus[] = ['past_due', 'canceled'];
