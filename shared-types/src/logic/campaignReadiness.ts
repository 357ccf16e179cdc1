import type { ProspectListStatus } from '../domain/prospectList';

/**
 * Spec §5: what a campaign needs before it can be paid for (and, later, dialled), step by step.
 * The wizard checks one step at a time; the server checks them all before taking a payment.
 */

/**
 * The fields the rules read. The wizard's draft writes an empty text as '' and an unchosen option
 * as null; a stored campaign writes both as null. Either fits.
 */
export interface ReadinessFields {
  type: string | null;
  name: string;
  customType: string | null;
  hasProvidedList: boolean | null;
  audienceIndustry: string | null;
  audienceAgeRange: string | null;
  prospectListId: number | null;
  prospectsAreCurrentClients: boolean;
  prospectsOptedIn: boolean;
  goal: string | null;
  aiAgentName: string | null;
  aiAgentVoice: string | null;
  /** Comma-separated tones. */
  aiAgentTone: string | null;
  scriptAnswering: string | null;
  monthlyCallVolume: number | null;
  companyWebsites: string | null;
  useProvidedNumber: boolean;
  providedNumberAreaCode: string | null;
}

/** What the rules need to know beyond the campaign. */
export interface ReadinessContext {
  /** The uploaded list's parse status, when known. A failed list counts as no file. */
  prospectListStatus?: ProspectListStatus;
}

export type RequirementId =
  | 'type'
  | 'name'
  | 'customType'
  | 'listChoice'
  | 'targeting'
  | 'listFile'
  | 'compliance'
  | 'goal'
  | 'agentName'
  | 'agentVoice'
  | 'agentTone'
  | 'answeringScript'
  | 'callVolume'
  | 'websites'
  | 'areaCode';

interface Requirement {
  id: RequirementId;
  /** The wizard step (1-7) that asks for it. */
  step: number;
  /** What the user still has to do, as a sentence fragment: "choose a prospect list". */
  label: string;
  met: (campaign: ReadinessFields, context: ReadinessContext) => boolean;
}

const filled = (text: string | null | undefined) => Boolean(text && text.trim());

/** "friendly, casual" -> ["friendly", "casual"]. */
export const tonesOf = (aiAgentTone: string | null | undefined) =>
  (aiAgentTone ?? '')
    .split(',')
    .map((tone) => tone.trim())
    .filter(Boolean);

const ownList = (c: ReadinessFields) => c.hasProvidedList === true;

/** Every requirement, in the wizard's order; within step 2, in the order spec §5 checks them. */
const REQUIREMENTS: readonly Requirement[] = [
  { id: 'type', step: 1, label: 'choose a campaign type', met: (c) => Boolean(c.type) },
  { id: 'name', step: 1, label: 'name the campaign', met: (c) => filled(c.name) },
  {
    id: 'customType',
    step: 1,
    label: 'describe the custom campaign goal',
    met: (c) => c.type !== 'other' || filled(c.customType),
  },
  { id: 'listChoice', step: 2, label: 'choose a prospect list', met: (c) => c.hasProvidedList !== null },
  {
    id: 'targeting',
    step: 2,
    label: 'choose the industry and age range',
    met: (c) => Boolean(c.audienceIndustry && c.audienceAgeRange),
  },
  {
    id: 'listFile',
    step: 2,
    label: 'upload the prospect list file',
    met: (c, context) =>
      !ownList(c) || (c.prospectListId !== null && context.prospectListStatus !== 'failed'),
  },
  {
    id: 'compliance',
    step: 2,
    label: 'confirm the prospects are current clients or have opted in',
    met: (c) => !ownList(c) || c.prospectsAreCurrentClients || c.prospectsOptedIn,
  },
  { id: 'goal', step: 3, label: 'define the campaign goal', met: (c) => filled(c.goal) },
  { id: 'agentName', step: 4, label: 'name the AI agent', met: (c) => filled(c.aiAgentName) },
  { id: 'agentVoice', step: 4, label: "choose the agent's voice", met: (c) => Boolean(c.aiAgentVoice) },
  {
    id: 'agentTone',
    step: 4,
    label: "choose the agent's tone",
    met: (c) => tonesOf(c.aiAgentTone).length > 0,
  },
  {
    id: 'answeringScript',
    step: 5,
    label: 'write the answering script',
    met: (c) => filled(c.scriptAnswering),
  },
  {
    id: 'callVolume',
    step: 6,
    label: 'choose a monthly call volume',
    met: (c) => c.monthlyCallVolume !== null,
  },
  { id: 'websites', step: 7, label: 'list the company websites', met: (c) => filled(c.companyWebsites) },
  {
    id: 'areaCode',
    step: 7,
    label: 'choose an area code for the phone number',
    met: (c) => !c.useProvidedNumber || Boolean(c.providedNumberAreaCode),
  },
];

export interface MissingItem {
  id: RequirementId;
  step: number;
  label: string;
}

const unmet = (
  requirements: readonly Requirement[],
  campaign: ReadinessFields,
  context: ReadinessContext,
): MissingItem[] =>
  requirements.filter((r) => !r.met(campaign, context)).map(({ id, step, label }) => ({ id, step, label }));

/** What one wizard step still lacks, in the order it is checked; empty when the step is complete. */
export const missingForStep = (step: number, campaign: ReadinessFields, context: ReadinessContext = {}) =>
  unmet(
    REQUIREMENTS.filter((r) => r.step === step),
    campaign,
    context,
  );

export const isStepComplete = (step: number, campaign: ReadinessFields, context: ReadinessContext = {}) =>
  missingForStep(step, campaign, context).length === 0;

/** Everything the campaign still lacks before it can be paid for, as labels; empty when ready. */
export const missingForLaunch = (campaign: ReadinessFields, context: ReadinessContext = {}) =>
  unmet(REQUIREMENTS, campaign, context).map((item) => item.label);

/** The server's answer to paying for an incomplete campaign. */
export const notReadyToPayMessage = (missing: readonly string[]) =>
  `This campaign is not ready to pay for: ${missing.join(', ')}.`;
