import { object, string, type InferType } from 'yup';
import { CAMPAIGN_TYPES } from '../domain/campaign';
import { SCRIPT_TYPES } from '../domain/campaignOptions';
import { trimmedText } from './fields';
import { agentDocumentNames } from './agentDocuments';

/** An optional text of the draft; blank counts as not given. */
const draftText = (max: number, label: string) =>
  trimmedText()
    .nullable()
    .transform((value) => (value === '' ? null : value))
    .max(max, `${label} must be at most ${max} characters`);

/**
 * The draft fields a script is written from. The wizard sends its whole draft; everything else
 * is dropped, and nothing here is required because a script may be asked for at any step.
 */
export const scriptCampaignDataSchema = object({
  name: draftText(200, 'Campaign name'),
  type: draftText(20, 'Campaign type').oneOf(
    [...CAMPAIGN_TYPES, null],
    'Choose a campaign type from the list',
  ),
  customType: draftText(255, 'Custom goal'),
  goal: draftText(5000, 'Goal'),
  audienceIndustry: draftText(100, 'Industry'),
  audienceAgeRange: draftText(20, 'Age range'),
  audienceOther: draftText(255, 'Other audience details'),
  aiAgentName: draftText(100, 'Agent name'),
  aiAgentVoice: draftText(20, 'Voice'),
  aiAgentTone: draftText(200, 'Tone'),
  companyWebsites: draftText(5000, 'Company websites'),
  /** Stored file names of the user's agent documents. */
  agentDocuments: agentDocumentNames().default([]),
});
export type ScriptCampaignData = InferType<typeof scriptCampaignDataSchema>;
/** What a script is written from once the documents are resolved to ids. */
export type ScriptBrief = Omit<ScriptCampaignData, 'agentDocuments'>;

/**
 * How a script prompt spells the campaign's details (`<label>: <value>`, one per line) and wraps
 * each reference document. The prompt writes this block and the OpenAI sandbox reads it back.
 */
export const BRIEF_LABELS = {
  scriptType: 'Script type',
  /** From the owner's profile, so scripts name the business and a number to call back. */
  companyName: 'Company name',
  callbackNumber: 'Callback number',
  name: 'Campaign name',
  type: 'Campaign type',
  customType: 'Custom goal',
  goal: 'Campaign goal',
  industry: 'Audience industry',
  ageRange: 'Audience age range',
  audienceOther: 'Audience notes',
  agentName: 'AI agent name',
  agentVoice: 'AI agent voice',
  agentTone: 'AI agent tone',
  websites: 'Company websites',
} as const;
/** A document opens with `${BRIEF_DOCUMENT_START}<name>>>>` on its own line. */
export const BRIEF_DOCUMENT_START = '<<<document: ';
export const BRIEF_DOCUMENT_END = '<<<end of document>>>';

/** POST /api/generate-script. */
export const generateScriptSchema = object({
  scriptType: string()
    .required('Choose which script to generate')
    .oneOf([...SCRIPT_TYPES], `Script type must be one of: ${SCRIPT_TYPES.join(', ')}`),
  campaignData: scriptCampaignDataSchema.default({}),
});
export type GenerateScriptInput = InferType<typeof generateScriptSchema>;

export interface GenerateScriptResponse {
  script: string;
  /** True when the OpenAI sandbox wrote it from templates (no OPENAI_API_KEY configured). */
  sandbox: boolean;
}

export const SCRIPT_GENERATION_TIMED_OUT = 'Script generation timed out. Please try again.';
export const SCRIPT_GENERATION_FAILED =
  'Script generation failed. Please try again or write the script yourself.';

/** Who the calls are made for, from the owner's profile (either may be missing). */
export interface ScriptSender {
  companyName?: string | null;
  phoneNumber?: string | null;
}
