import type { ProspectListStatus } from '@ringcast/shared-types';
import { tonesOf, type WizardDraft } from './wizardDraft';

export const FIRST_STEP = 1;
export const LAST_STEP = 8;

/** Spec §2: the eight steps in order. */
export const STEPS = [
  { step: 1, label: 'Select Type', title: 'Select Campaign Type' },
  { step: 2, label: 'Audience', title: 'Select Audience' },
  { step: 3, label: 'Goal', title: 'Define Campaign Goal' },
  { step: 4, label: 'AI Agent', title: 'Configure AI Agent' },
  { step: 5, label: 'Script', title: 'Write Call Script' },
  { step: 6, label: 'Call Volume', title: 'Select Monthly Call Volume' },
  { step: 7, label: 'Company Data', title: 'Company Data and Phone Setup' },
  { step: 8, label: 'Payment', title: 'Review and Payment' },
] as const;

/** Back and Next move one step and never leave 1..8. */
export const clampStep = (step: number) =>
  Math.min(LAST_STEP, Math.max(FIRST_STEP, Math.trunc(step) || FIRST_STEP));

export interface StepToast {
  title: string;
  description: string;
}

/** Spec §5: the step-2 checks, in the order they are made. */
export const AUDIENCE_TOASTS = {
  selection: {
    title: 'Selection Required',
    description: 'Please select a prospect list option to continue.',
  },
  targeting: {
    title: 'Targeting Required',
    description: 'Please select industry and age range for AI script generation.',
  },
  file: { title: 'File Required', description: 'Please upload your prospect list file.' },
  compliance: {
    title: 'Compliance Required',
    description: 'Please confirm that prospects are current clients or have opted in to receive messages.',
  },
} as const satisfies Record<string, StepToast>;

/** What the rules need to know beyond the draft. */
export interface RuleContext {
  /** The uploaded list's parse status, when the store knows it. A failed list counts as no file. */
  prospectListStatus?: ProspectListStatus;
}

const filled = (text: string | null | undefined) => Boolean(text && text.trim());

/** Step 2 on Continue: the first check that fails, as its toast; null when the step is complete. */
export function audienceProblem(draft: WizardDraft, context: RuleContext = {}): StepToast | null {
  if (draft.hasProvidedList === null) return AUDIENCE_TOASTS.selection;
  if (!draft.audienceIndustry || !draft.audienceAgeRange) return AUDIENCE_TOASTS.targeting;
  if (draft.hasProvidedList) {
    if (draft.prospectListId === null || context.prospectListStatus === 'failed') return AUDIENCE_TOASTS.file;
    if (!draft.prospectsAreCurrentClients && !draft.prospectsOptedIn) return AUDIENCE_TOASTS.compliance;
  }
  return null;
}

/** Whether a step's own data is complete (spec §5). */
export function isStepComplete(step: number, draft: WizardDraft, context: RuleContext = {}): boolean {
  switch (step) {
    case 1:
      return (
        Boolean(draft.type) && filled(draft.name) && (draft.type !== 'other' || filled(draft.customType))
      );
    case 2:
      return audienceProblem(draft, context) === null;
    case 3:
      return filled(draft.goal);
    case 4:
      return filled(draft.aiAgentName) && Boolean(draft.aiAgentVoice) && tonesOf(draft).length > 0;
    case 5:
      return filled(draft.scriptAnswering);
    case 6:
      return draft.monthlyCallVolume !== null;
    case 7:
      return (
        filled(draft.companyWebsites) && (!draft.useProvidedNumber || Boolean(draft.providedNumberAreaCode))
      );
    default:
      return true;
  }
}

/**
 * Whether the step's Continue button is enabled. Step 2 always is: pressing it names what is
 * missing in a toast. Every other step enables it once the step is complete.
 */
export const canContinue = (step: number, draft: WizardDraft, context: RuleContext = {}) =>
  step === 2 || (step < LAST_STEP && isStepComplete(step, draft, context));

/** The toast Continue raises on a step, or null when it may advance. */
export const continueToast = (
  step: number,
  draft: WizardDraft,
  context: RuleContext = {},
): StepToast | null => (step === 2 ? audienceProblem(draft, context) : null);
