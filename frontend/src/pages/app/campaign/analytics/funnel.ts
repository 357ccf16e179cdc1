import type { CampaignAnalytics } from '@ringcast/shared-types';
import { rateOf } from './analyticsFormat';

type Funnel = CampaignAnalytics['funnel'];

export interface FunnelStep {
  key: keyof Funnel;
  label: string;
  /** What the step counts, in a sentence. */
  counts: string;
  count: number;
  /** Of the step before (null for the first step, or when the step before counted none). */
  ofPrevious: number | null;
  /** Of the calls placed (null when none was placed). */
  ofPlaced: number | null;
}

const STEPS: { key: keyof Funnel; label: string; counts: string }[] = [
  { key: 'placed', label: 'Placed', counts: 'Calls the campaign placed (received calls are beside).' },
  {
    key: 'person',
    label: 'Answered by a person',
    counts: 'Placed calls a person picked up; voicemail is beside, not in this rate.',
  },
  {
    key: 'conversations',
    label: 'Conversations (2+ turns)',
    counts: 'Answered calls with at least two turns: the greeting and one reply make two.',
  },
  {
    key: 'positive',
    label: 'Positive outcome',
    counts: "Conversations that counted as successful for the campaign's goal.",
  },
  {
    key: 'bookedOrTransferred',
    label: 'Booked or transferred',
    counts: 'Positive calls that booked an appointment or connected a transfer.',
  },
];

/** The funnel's steps in order, each with its rate of the step before and of the calls placed. */
export function funnelSteps(funnel: Funnel): FunnelStep[] {
  return STEPS.map((step, i) => {
    const count = funnel[step.key];
    return {
      ...step,
      count,
      ofPrevious: i === 0 ? null : rateOf(count, funnel[STEPS[i - 1]!.key]),
      ofPlaced: rateOf(count, funnel.placed),
    };
  });
}

type Beside = CampaignAnalytics['beside'];

/** Beside the funnel, in the order a call fails to reach a person, then the calls rung in. */
export const BESIDE_ITEMS: { key: keyof Beside; label: string; counts: string }[] = [
  { key: 'voicemail', label: 'Voicemail', counts: 'Placed calls a machine answered.' },
  { key: 'noAnswer', label: 'No answer', counts: 'Placed calls nobody picked up.' },
  { key: 'busy', label: 'Busy', counts: 'Placed calls that met a busy line.' },
  { key: 'failed', label: 'Failed', counts: 'Placed calls the carrier could not connect.' },
  { key: 'received', label: 'Received', counts: "Calls rung into the campaign's number." },
];
