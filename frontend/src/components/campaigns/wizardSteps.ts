/** The wizard's steps, which its store and its page both go by. */

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
