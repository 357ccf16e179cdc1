import {
  isStepComplete,
  missingForStep,
  type ReadinessContext,
  type RequirementId,
} from '@ringcast/shared-types';
import { callingHoursProblemOf } from '../../../components/campaigns/callingHours';
import { appointmentHoursProblem } from '../../../components/appointments/appointmentHours';
import {
  normalizedDestinations,
  transferDestinationsProblem,
} from '../../../components/transfers/transferDestinations';
import type { WizardDraft } from '../../../components/campaigns/wizardDraft';
import {
  analysisFieldsProblems,
  firstAnalysisFieldsProblem,
} from '../../../components/analysis/analysisFields';
import { LAST_STEP } from '../../../components/campaigns/wizardSteps';

export interface StepToast {
  title: string;
  description: string;
}

/** Spec §5: the step-2 toasts, by the readiness check that failed, in the order they are made. */
export const AUDIENCE_TOASTS = {
  listChoice: {
    title: 'Selection Required',
    description: 'Please select a prospect list option to continue.',
  },
  targeting: {
    title: 'Targeting Required',
    description: 'Please select industry and age range for AI script generation.',
  },
  listFile: { title: 'File Required', description: 'Please upload your prospect list file.' },
  compliance: {
    title: 'Compliance Required',
    description: 'Please confirm that prospects are current clients or have opted in to receive messages.',
  },
} as const satisfies Partial<Record<RequirementId, StepToast>>;

/**
 * Step 2 on Continue: the first of its checks that fails (shared-types' campaign readiness, in
 * the spec's order), as its toast; null when the step is complete.
 */
export function audienceProblem(draft: WizardDraft, context: ReadinessContext = {}): StepToast | null {
  const [first] = missingForStep(2, draft, context);
  return first ? AUDIENCE_TOASTS[first.id as keyof typeof AUDIENCE_TOASTS] : null;
}

/**
 * Whether the step's Continue button is enabled. Step 2 always is: pressing it names what is
 * missing in a toast. Every other step enables it once the step is complete.
 */
export const canContinue = (step: number, draft: WizardDraft, context: ReadinessContext = {}) =>
  step === 2 || (step < LAST_STEP && isStepComplete(step, draft, context));

/** Step 6 on Continue: calling hours the shared rule refuses (wider than the law, say), as a toast. */
export function callingHoursToast(draft: WizardDraft): StepToast | null {
  const problem = callingHoursProblemOf(draft.callingHours);
  return problem ? { title: 'Calling Hours', description: problem } : null;
}

/** Step 3 of a booking campaign on Continue: appointment hours the shared schema refuses, as a toast. */
export function appointmentHoursToast(draft: WizardDraft): StepToast | null {
  if (draft.type !== 'appointment' || !draft.appointmentHours) return null;
  const problem = appointmentHoursProblem(draft.appointmentHours);
  return problem ? { title: 'Appointment Hours', description: problem } : null;
}

/** Step 7 on Continue: transfer numbers the shared schema refuses (a number not in E.164, say), as a toast. */
export function transferDestinationsToast(draft: WizardDraft): StepToast | null {
  const problem = transferDestinationsProblem(normalizedDestinations(draft.transferDestinations));
  return problem ? { title: 'Transfer Numbers', description: problem } : null;
}

/** Step 5 on Continue: analysis fields the shared schema refuses (a "one of" with one choice, say), as a toast. */
export function analysisFieldsToast(draft: WizardDraft): StepToast | null {
  const problem = firstAnalysisFieldsProblem(analysisFieldsProblems(draft.analysisFields ?? []));
  return problem ? { title: 'Call Analysis', description: problem } : null;
}

/** The toast Continue raises on a step, or null when it may advance. */
export function continueToast(
  step: number,
  draft: WizardDraft,
  context: ReadinessContext = {},
): StepToast | null {
  if (step === 2) return audienceProblem(draft, context);
  if (step === 3) return appointmentHoursToast(draft);
  if (step === 5) return analysisFieldsToast(draft);
  if (step === 6) return callingHoursToast(draft);
  if (step === 7) return transferDestinationsToast(draft);
  return null;
}
