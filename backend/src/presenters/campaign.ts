import {
  DEFAULT_APPOINTMENT_HOURS,
  DEFAULT_NOTIFICATION_TIME_ZONE,
  SETUP_FLAGS,
  campaignCallerId,
  formatCost,
  type RecordingRetentionDays,
  type Campaign as CampaignDto,
  type SetupFlags,
} from '@ringcast/shared-types';
import type { Campaign } from '../db/models';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Who owns the campaign, as far as its caller ID needs: their own Twilio number. */
type CallerOwner = { twilioPhoneNumber?: string | null } | null | undefined;

/**
 * The campaign as the owner's list, the socket push and the admin screens read it. Its caller ID
 * needs the owner's Twilio number when the campaign uses their account: given (the signed-in
 * owner), or read with the campaign (its `owner` association), so a list costs no query per row.
 */
export function presentCampaign(
  campaign: Campaign & { owner?: CallerOwner },
  owner: CallerOwner = campaign.owner,
): CampaignDto {
  const flags = Object.fromEntries(SETUP_FLAGS.map((flag) => [flag, Boolean(campaign[flag])])) as SetupFlags;
  return {
    id: campaign.id,
    userId: campaign.userId,
    name: campaign.name,
    type: campaign.type,
    customType: campaign.customType ?? null,
    status: campaign.status,
    goal: campaign.goal ?? null,
    audienceIndustry: campaign.audienceIndustry ?? null,
    audienceAgeRange: campaign.audienceAgeRange ?? null,
    audienceOther: campaign.audienceOther ?? null,
    hasProvidedList:
      campaign.hasProvidedList === null || campaign.hasProvidedList === undefined
        ? null
        : Boolean(campaign.hasProvidedList),
    listCost: campaign.listCost,
    prospectListFile: campaign.prospectListFile ?? null,
    prospectListId: campaign.prospectListId ?? null,
    prospectsAreCurrentClients: Boolean(campaign.prospectsAreCurrentClients),
    prospectsOptedIn: Boolean(campaign.prospectsOptedIn),
    aiAgentName: campaign.aiAgentName ?? null,
    aiAgentVoice: campaign.aiAgentVoice ?? null,
    aiAgentTone: campaign.aiAgentTone ?? null,
    scriptAnswering: campaign.scriptAnswering ?? null,
    scriptRebuttals: campaign.scriptRebuttals ?? null,
    scriptQuestions: campaign.scriptQuestions ?? null,
    scriptAfterAnswers: campaign.scriptAfterAnswers ?? null,
    scriptNotInterested: campaign.scriptNotInterested ?? null,
    scriptOther: campaign.scriptOther ?? null,
    scriptVoicemail: campaign.scriptVoicemail ?? null,
    agentDocuments: Array.isArray(campaign.agentDocuments) ? campaign.agentDocuments : [],
    monthlyCallVolume: campaign.monthlyCallVolume ?? null,
    useProvidedNumber: Boolean(campaign.useProvidedNumber),
    providedNumberAreaCode: campaign.providedNumberAreaCode ?? null,
    companyWebsites: campaign.companyWebsites ?? null,
    totalCalls: campaign.totalCalls,
    receivedCalls: campaign.receivedCalls,
    successfulCalls: campaign.successfulCalls,
    totalCost: formatCost(campaign.totalCost),
    statisticsLastUpdated: iso(campaign.statisticsLastUpdated),
    maxConcurrentCalls: campaign.maxConcurrentCalls,
    voicemailAction: campaign.voicemailAction,
    callingHoursStart: campaign.callingHoursStart ?? null,
    callingHoursEnd: campaign.callingHoursEnd ?? null,
    callingDays: campaign.callingDays ?? null,
    maxAttempts: campaign.maxAttempts,
    retryDelayMinutes: campaign.retryDelayMinutes,
    providedPhoneNumber: campaign.providedPhoneNumber ?? null,
    phoneNumber: campaignCallerId(campaign, owner?.twilioPhoneNumber),
    ...flags,
    agentVersion: campaign.agentVersion ?? 1,
    cancelAtPeriodEnd: Boolean(campaign.cancelAtPeriodEnd),
    currentPeriodStart: iso(campaign.currentPeriodStart),
    currentPeriodEnd: iso(campaign.currentPeriodEnd),
    overage: Boolean(campaign.overage),
    appointmentHours: campaign.appointmentHours ?? {
      ...DEFAULT_APPOINTMENT_HOURS,
      timeZone: DEFAULT_NOTIFICATION_TIME_ZONE,
    },
    transferDestinations: campaign.transferDestinations ?? [],
    recordCalls: Boolean(campaign.recordCalls),
    recordingRetentionDays: (campaign.recordingRetentionDays ?? null) as RecordingRetentionDays,
    analysisFields: campaign.analysisFields ?? [],
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
  };
}
