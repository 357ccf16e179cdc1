import {
  listCostFor,
  SCRIPT_FIELDS,
  tonesOf,
  type AppointmentHours,
  type Campaign,
  type CampaignType,
  type CreateCampaignInput,
  type TransferDestination,
  type UpdateCampaignInput,
} from '@ringcast/shared-types';
import {
  analysisFieldDrafts,
  savedAnalysisFields,
  type AnalysisFieldDraft,
} from '../analysis/analysisFields';
import { normalizedDestinations } from '../transfers/transferDestinations';
import type { CallingHoursValue } from './CallingHoursFields';
import { callingHoursFields, callingHoursValueOf } from './callingHours';

type ScriptField = (typeof SCRIPT_FIELDS)[keyof typeof SCRIPT_FIELDS];

/** The wizard's data (spec §3 campaign draft) as the steps edit it: empty text is '', unchosen is null. */
export interface WizardDraft extends Record<ScriptField, string> {
  name: string;
  type: CampaignType | null;
  customType: string;
  goal: string;
  /** Lowercase, as stored. */
  audienceIndustry: string | null;
  audienceAgeRange: string | null;
  audienceOther: string;
  /** true: upload the own list (free); false: purchase a targeted list; null: not chosen. */
  hasProvidedList: boolean | null;
  prospectListId: number | null;
  prospectListFile: string | null;
  prospectsAreCurrentClients: boolean;
  prospectsOptedIn: boolean;
  aiAgentName: string;
  aiAgentVoice: string | null;
  /** Comma-separated tones. */
  aiAgentTone: string;
  /** Stored file names of uploaded agent documents. */
  agentDocuments: string[];
  monthlyCallVolume: number | null;
  /** Optional narrowing of the legal window; empty hours and every day by default. */
  callingHours: CallingHoursValue;
  /**
   * Booking campaigns: when appointments may be booked. Null until the Goal step fills in the
   * defaults (in the owner's zone, or the browser's); the server's defaults apply while null.
   */
  appointmentHours: AppointmentHours | null;
  /** true: we provide a number ($20/month); false: the user's own Twilio number. */
  useProvidedNumber: boolean;
  providedNumberAreaCode: string | null;
  companyWebsites: string;
  /** Whom the agent may transfer a caller to; empty: the owner's profile phone as "Office". */
  transferDestinations: TransferDestination[];
  /** What the model pulls out of each answered call (the Script step); blank rows are dropped when saved. */
  analysisFields: AnalysisFieldDraft[];
}

export const EMPTY_DRAFT: WizardDraft = {
  name: '',
  type: null,
  customType: '',
  goal: '',
  audienceIndustry: null,
  audienceAgeRange: null,
  audienceOther: '',
  hasProvidedList: null,
  prospectListId: null,
  prospectListFile: null,
  prospectsAreCurrentClients: false,
  prospectsOptedIn: false,
  aiAgentName: '',
  aiAgentVoice: null,
  aiAgentTone: '',
  scriptAnswering: '',
  scriptRebuttals: '',
  scriptQuestions: '',
  scriptAfterAnswers: '',
  scriptNotInterested: '',
  scriptOther: '',
  scriptVoicemail: '',
  agentDocuments: [],
  monthlyCallVolume: null,
  callingHours: callingHoursValueOf({ callingHoursStart: null, callingHoursEnd: null, callingDays: null }),
  appointmentHours: null,
  useProvidedNumber: false,
  providedNumberAreaCode: null,
  companyWebsites: '',
  transferDestinations: [],
  analysisFields: [],
};

/** Adds or removes one tone, keeping the list comma-separated. */
export function toggleTone(aiAgentTone: string, tone: string): string {
  const tones = tonesOf(aiAgentTone);
  return (tones.includes(tone) ? tones.filter((t) => t !== tone) : [...tones, tone]).join(',');
}

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** POST /api/campaigns body: the draft with status draft; fields of options not chosen are cleared. */
export function toCreatePayload(draft: WizardDraft): CreateCampaignInput {
  const ownList = draft.hasProvidedList === true;
  const scripts = Object.fromEntries(
    Object.values(SCRIPT_FIELDS).map((field) => [field, orNull(draft[field])]),
  ) as Record<ScriptField, string | null>;
  return {
    name: draft.name.trim(),
    type: draft.type ?? '',
    customType: draft.type === 'other' ? orNull(draft.customType) : null,
    status: 'draft',
    goal: orNull(draft.goal),
    audienceIndustry: draft.audienceIndustry,
    audienceAgeRange: draft.audienceAgeRange,
    audienceOther: orNull(draft.audienceOther),
    hasProvidedList: draft.hasProvidedList,
    listCost: listCostFor(draft.hasProvidedList),
    prospectListId: ownList ? draft.prospectListId : null,
    prospectListFile: ownList ? draft.prospectListFile : null,
    prospectsAreCurrentClients: ownList && draft.prospectsAreCurrentClients,
    prospectsOptedIn: ownList && draft.prospectsOptedIn,
    aiAgentName: orNull(draft.aiAgentName),
    aiAgentVoice: draft.aiAgentVoice,
    aiAgentTone: tonesOf(draft.aiAgentTone).join(',') || null,
    ...scripts,
    agentDocuments: draft.agentDocuments,
    monthlyCallVolume: draft.monthlyCallVolume,
    ...callingHoursFields(draft.callingHours),
    ...(draft.type === 'appointment' &&
      draft.appointmentHours && { appointmentHours: draft.appointmentHours }),
    useProvidedNumber: draft.useProvidedNumber,
    providedNumberAreaCode: draft.useProvidedNumber ? draft.providedNumberAreaCode : null,
    companyWebsites: orNull(draft.companyWebsites),
    // A draft kept in the tab since before transfer numbers existed has none.
    transferDestinations: normalizedDestinations(draft.transferDestinations ?? []),
    analysisFields: savedAnalysisFields(draft.analysisFields ?? []),
  } as CreateCampaignInput;
}

/** PUT /api/campaigns/:id body for a draft being edited: the same fields, without the status. */
export function toUpdatePayload(draft: WizardDraft): UpdateCampaignInput {
  const { status: _status, ...fields } = toCreatePayload(draft);
  return fields as UpdateCampaignInput;
}

/** A stored draft campaign, back in the wizard's shape. */
export function draftFromCampaign(campaign: Campaign): WizardDraft {
  const text = (value: string | null | undefined) => value ?? '';
  const scripts = Object.fromEntries(
    Object.values(SCRIPT_FIELDS).map((field) => [field, text(campaign[field])]),
  ) as Record<ScriptField, string>;
  return {
    ...EMPTY_DRAFT,
    ...scripts,
    name: campaign.name,
    type: campaign.type,
    customType: text(campaign.customType),
    goal: text(campaign.goal),
    audienceIndustry: campaign.audienceIndustry,
    audienceAgeRange: campaign.audienceAgeRange,
    audienceOther: text(campaign.audienceOther),
    hasProvidedList: campaign.hasProvidedList,
    prospectListId: campaign.prospectListId,
    prospectListFile: campaign.prospectListFile,
    prospectsAreCurrentClients: campaign.prospectsAreCurrentClients,
    prospectsOptedIn: campaign.prospectsOptedIn,
    aiAgentName: text(campaign.aiAgentName),
    aiAgentVoice: campaign.aiAgentVoice,
    aiAgentTone: text(campaign.aiAgentTone),
    agentDocuments: campaign.agentDocuments ?? [],
    monthlyCallVolume: campaign.monthlyCallVolume,
    callingHours: callingHoursValueOf(campaign),
    appointmentHours: campaign.type === 'appointment' ? (campaign.appointmentHours ?? null) : null,
    useProvidedNumber: campaign.useProvidedNumber,
    providedNumberAreaCode: campaign.providedNumberAreaCode,
    companyWebsites: text(campaign.companyWebsites),
    transferDestinations: campaign.transferDestinations ?? [],
    analysisFields: analysisFieldDrafts(campaign.analysisFields),
  };
}
