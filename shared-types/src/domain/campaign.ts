import type { AppointmentHours } from './appointment';
import type { VoicemailAction } from './call';
import type { AnalysisField } from './analysis';
import type { RecordingRetentionDays } from './recording';
import type { TransferDestination } from './transfer';

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed', 'past_due', 'canceled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_TYPES = [
  'appointment',
  'birthday',
  'quote',
  'retention',
  'follow-up',
  'other',
] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_TYPE_LABELS: Record<CampaignType, string> = {
  appointment: 'Book Appointment',
  birthday: 'Send Birthday Message',
  quote: 'Get a Quote',
  retention: 'Customer Retention',
  'follow-up': 'Lead Follow-Up',
  other: 'Other',
};

/** The eight setup flags an admin ticks off while a campaign is being prepared, in display order. */
export const SETUP_FLAGS = [
  'setupAiAgentConfigured',
  'setupScriptsReviewed',
  'setupProspectListProcessed',
  'setupPhoneNumberConfigured',
  'setupTwilioConfigured',
  'setupComplianceVerified',
  'setupPaymentProcessed',
  'setupTestingCompleted',
] as const;
export type SetupFlag = (typeof SETUP_FLAGS)[number];
export const SETUP_FLAG_LABELS: Record<SetupFlag, string> = {
  setupAiAgentConfigured: 'AI Agent',
  setupScriptsReviewed: 'Scripts',
  setupProspectListProcessed: 'Prospects',
  setupPhoneNumberConfigured: 'Phone',
  setupTwilioConfigured: 'Twilio',
  setupComplianceVerified: 'Compliance',
  setupPaymentProcessed: 'Payment',
  setupTestingCompleted: 'Testing',
};

/** Fields the wizard collects; all optional until the campaign is submitted. */
export interface CampaignDraftFields {
  name: string;
  type: CampaignType;
  /** Only when type is `other`. */
  customType: string | null;
  goal: string | null;
  /** Stored lowercase. */
  audienceIndustry: string | null;
  audienceAgeRange: string | null;
  audienceOther: string | null;
  /** True when the user uploads their own list, false when they buy a targeted one. */
  hasProvidedList: boolean | null;
  /** '250' for a purchased list, '0' for the user's own. */
  listCost: string;
  prospectListFile: string | null;
  prospectListId: number | null;
  prospectsAreCurrentClients: boolean;
  prospectsOptedIn: boolean;
  aiAgentName: string | null;
  aiAgentVoice: string | null;
  /** Comma-separated list of tones. */
  aiAgentTone: string | null;
  scriptAnswering: string | null;
  scriptRebuttals: string | null;
  scriptQuestions: string | null;
  scriptAfterAnswers: string | null;
  scriptNotInterested: string | null;
  scriptOther: string | null;
  scriptVoicemail: string | null;
  /** Stored file names of uploaded agent documents. */
  agentDocuments: string[];
  monthlyCallVolume: number | null;
  useProvidedNumber: boolean;
  providedNumberAreaCode: string | null;
  companyWebsites: string | null;
}

export type SetupFlags = Record<SetupFlag, boolean>;

export interface Campaign extends CampaignDraftFields, SetupFlags {
  id: number;
  userId: number;
  status: CampaignStatus;
  /** Every call the campaign handled: the calls it placed and those it received. */
  totalCalls: number;
  /** Of totalCalls, the calls someone rang into the campaign's number. */
  receivedCalls: number;
  successfulCalls: number;
  /** Decimal as a string with two places, e.g. "12.50". */
  totalCost: string;
  statisticsLastUpdated: string | null;
  /** Calls this campaign may have in flight at once (1-50); the owner may change it. */
  maxConcurrentCalls: number;
  voicemailAction: VoicemailAction;
  /** 'HH:MM' in each prospect's local time, both or neither (null: the whole legal window). */
  callingHoursStart: string | null;
  callingHoursEnd: string | null;
  /** 'mon,tue,wed,thu,fri'; null: every day. */
  callingDays: string | null;
  /** Calls per prospect in all when busy or not answered (1-5). */
  maxAttempts: number;
  /** Minutes between attempts of one prospect (at least 30). */
  retryDelayMinutes: number;
  /** The local number bought for the campaign (useProvidedNumber), once bought. */
  providedPhoneNumber: string | null;
  /**
   * The number the campaign calls from (its caller ID), E.164: the number bought for it, or the
   * owner's own Twilio number when it uses theirs; null while none is known (campaignCallerId).
   */
  phoneNumber: string | null;
  /** The version of the agent it calls with now: 1 at launch, one more with each saved edit. */
  agentVersion: number;
  /** Cancelled by the owner: it keeps calling until currentPeriodEnd, then becomes canceled. */
  cancelAtPeriodEnd: boolean;
  /** The billing period paid for now (the monthly volume counts within it); null before checkout. */
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  /** "Keep calling past the package": calls past it are metered and billed on the next invoice. */
  overage: boolean;
  /**
   * When appointments may be booked (booking campaigns use them): as set, or the defaults
   * (DEFAULT_APPOINTMENT_HOURS) in the owner's time zone until set.
   */
  appointmentHours: AppointmentHours;
  /**
   * Whom the agent may transfer a caller to (`transfer_call`), as set; empty: the owner's profile
   * phone number as "Office" (transferDestinationsOf).
   */
  transferDestinations: TransferDestination[];
  /** Record calls (dual channel, announced in the greeting); off by default. */
  recordCalls: boolean;
  /** Days a recording is kept; null: until deleted. */
  recordingRetentionDays: RecordingRetentionDays;
  /** What to extract from every answered conversation (post-call analysis), in order. */
  analysisFields: AnalysisField[];
  createdAt: string;
  updatedAt: string;
  /** Present on the campaign page's read and on every `campaign:updated` push, not in lists. */
  dialing?: CampaignDialing;
}

/** Why an active campaign is not placing calls right now; null while it dials. */
export const NOT_DIALING_REASONS = [
  'paused',
  'setup_incomplete',
  'consent_missing',
  'no_prospects',
  'waiting_for_number',
  'monthly_volume_used',
  'nothing_left',
  'past_due',
  'canceled',
] as const;
export type NotDialingReason = (typeof NOT_DIALING_REASONS)[number];

export const NOT_DIALING_MESSAGES: Record<NotDialingReason, string> = {
  paused: 'Paused: press Start to resume calling.',
  setup_incomplete: 'Not calling yet: the setup is not complete.',
  consent_missing:
    'Not calling: the company name, the callback number on your profile or the prospect list attestation is missing.',
  no_prospects: 'Not calling yet: the prospect list is not ready.',
  waiting_for_number: 'Waiting for a phone number',
  monthly_volume_used:
    "This billing period's call volume is used up; calling resumes when the next period starts.",
  nothing_left: 'Every prospect has been called.',
  // BILLING_MESSAGES.pastDue's words (api/billing reaches this file through api/admin: no import back).
  past_due: 'Payment failed: calling is stopped until the card is updated.',
  canceled: 'Canceled: this campaign no longer calls; its records are kept.',
};

/** The dialer's view of a campaign, as the campaign page shows it. */
export interface CampaignDialing {
  /** Calls queued, ringing or talking now. */
  callsInFlight: number;
  /** Prospects not called yet (or due for another attempt). */
  prospectsRemaining: number;
  /**
   * Billable calls of the current billing period (the subscription's, from periodStart), against
   * monthlyCallVolume; for a campaign not on a subscription yet, of this calendar month (UTC).
   */
  monthBillableCalls: number;
  /**
   * The billing period the count covers (ISO), for "of this billing period" and its dates; both
   * null while the count is of the calendar month (no subscription yet). Always sent by the server.
   */
  periodStart?: string | null;
  periodEnd?: string | null;
  notDialingReason: NotDialingReason | null;
  /** Answered by a person, of all the campaign's calls. */
  answeredByPerson: number;
  /** Answered by a machine. */
  voicemails: number;
  /**
   * When the calling rules next let a waiting prospect be called (ISO), and that prospect's zone
   * (the first of its zones), for "next calls at 8:00 in America/Chicago"; null when none waits.
   */
  nextCallAt?: string | null;
  nextCallTimeZone?: string | null;
}
