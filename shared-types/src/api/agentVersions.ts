import type { CampaignDraftFields, CampaignStatus } from '../domain/campaign';
import { SCRIPT_FIELDS } from '../domain/campaignOptions';

/**
 * DESIGN decision 10: what the owner may change once a campaign is launched (the wizard's steps
 * 3-5 and the company data). The volume, the list and the phone number go through billing and
 * uploads, so they are not among them. Each saved change is a version of the agent.
 */
export const SCRIPT_FIELD_NAMES = Object.values(SCRIPT_FIELDS);
export type ScriptFieldName = (typeof SCRIPT_FIELD_NAMES)[number];

export const AGENT_FIELDS = [
  'goal',
  'aiAgentName',
  'aiAgentVoice',
  'aiAgentTone',
  ...SCRIPT_FIELD_NAMES,
  'agentDocuments',
  'companyWebsites',
] as const satisfies readonly (keyof CampaignDraftFields)[];
export type AgentField = (typeof AGENT_FIELDS)[number];

/** The agent as one version holds it. */
export type AgentSnapshot = Pick<CampaignDraftFields, AgentField>;

export const AGENT_FIELD_LABELS: Record<AgentField, string> = {
  goal: 'Goal',
  aiAgentName: 'Agent name',
  aiAgentVoice: 'Voice',
  aiAgentTone: 'Tone',
  scriptAnswering: 'Answering script',
  scriptRebuttals: 'Rebuttals',
  scriptQuestions: 'Questions',
  scriptAfterAnswers: 'After answers',
  scriptNotInterested: 'Not interested',
  scriptVoicemail: 'Voicemail',
  scriptOther: 'Additional instructions',
  agentDocuments: 'Documents',
  companyWebsites: 'Company websites',
};

/** The statuses whose agent the owner may edit after launch (a draft is edited as a whole). */
export const AGENT_EDITABLE_STATUSES: readonly CampaignStatus[] = ['active', 'paused'];

export const isAgentField = (field: string): field is AgentField =>
  (AGENT_FIELDS as readonly string[]).includes(field);

export const isScriptField = (field: string): field is ScriptFieldName =>
  (SCRIPT_FIELD_NAMES as readonly string[]).includes(field);

/** Whether the campaign's agent can be edited after launch (the campaign page's Edit agent). */
export const canEditAgent = (status: CampaignStatus) => AGENT_EDITABLE_STATUSES.includes(status);

/** Empty text and no text are the same agent; a list compares by its entries. */
const comparable = (value: unknown) =>
  Array.isArray(value) ? JSON.stringify(value) : typeof value === 'string' ? value.trim() : (value ?? '');

/** The agent fields whose value differs between two agents, in AGENT_FIELDS order. */
export const changedAgentFields = (
  before: Partial<AgentSnapshot>,
  after: Partial<AgentSnapshot>,
): AgentField[] => AGENT_FIELDS.filter((field) => comparable(before[field]) !== comparable(after[field]));

/** Said before the owner saves a script change, and on the campaign page after one. */
export const SCRIPTS_REVIEW_NOTICE =
  'Changing the scripts sends them back to our team for review: Scripts in the setup goes back to ' +
  'not done, and the campaign places no calls until the team has approved them again.';

export const AGENT_EDIT_ERRORS = {
  /** A completed campaign (or any status that is neither a draft nor running) keeps its agent. */
  notEditable: 'Only a draft, active or paused campaign can be edited.',
  versionNotFound: 'Version not found',
} as const;

/** What the owner calls the fields that stay as launched, for the refusal below. */
const LOCKED_FIELD_LABELS: Partial<Record<keyof CampaignDraftFields, string>> = {
  name: 'campaign name',
  type: 'campaign type',
  customType: 'custom goal',
  audienceIndustry: 'industry',
  audienceAgeRange: 'age range',
  audienceOther: 'other audience details',
  hasProvidedList: 'prospect list choice',
  prospectListId: 'prospect list',
  prospectListFile: 'prospect list file',
  prospectsAreCurrentClients: 'current clients confirmation',
  prospectsOptedIn: 'opt-in confirmation',
  monthlyCallVolume: 'monthly call volume',
  useProvidedNumber: 'phone number choice',
  providedNumberAreaCode: 'area code',
};

/** Why fields outside the agent were refused on a launched campaign (409), in the order sent. */
export const lockedAfterLaunchMessage = (fields: readonly string[]) =>
  `These cannot be changed after launch: ${fields
    .map((field) => LOCKED_FIELD_LABELS[field as keyof CampaignDraftFields] ?? field)
    .join(', ')}. Only the goal, the agent, the ` +
  'scripts, the documents and the company websites can; the call volume and the phone number go ' +
  'through billing, the prospect list through uploads.';

/** GET /api/campaigns/:id/versions: one version of the campaign's agent, newest first. */
export interface AgentVersion {
  version: number;
  createdAt: string;
  /** The fields this version changed from the one before it; empty for version 1 (the launch). */
  changedFields: AgentField[];
  /** Who saved it (their name), or null for the agent as launched. */
  changedBy: string | null;
  /** The version it restored, when it was a restore. */
  restoredFrom: number | null;
  /** Whether it is the agent the campaign calls with now. */
  current: boolean;
}
