export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_TYPES = ['appointment', 'birthday', 'quote', 'retention', 'follow-up', 'other'] as const;
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
  totalCalls: number;
  successfulCalls: number;
  /** Decimal as a string with two places, e.g. "12.50". */
  totalCost: string;
  statisticsLastUpdated: string | null;
  createdAt: string;
  updatedAt: string;
}
