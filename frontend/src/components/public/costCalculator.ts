import { callCostCents, formatCents, PRICE_TIERS, volumeSavingsCents } from '@ringcast/shared-types';

/** Limits of the calculator's number input (HTML attributes only: larger values still compute). */
export const CALLS_INPUT_MIN = 1;
export const CALLS_INPUT_MAX = 100_000;

/** The slider: 50 to 20,000 in steps of 50; it sits at 500 while the input is empty or invalid. */
export const SLIDER_MIN = 50;
export const SLIDER_MAX = 20_000;
export const SLIDER_STEP = 50;
export const SLIDER_DEFAULT = 500;

/** Volumes above the first tier get the volume-discount box. */
export const DISCOUNT_THRESHOLD = PRICE_TIERS[0].upTo;

/** The number typed in the input as a positive integer, or null when it is not one. */
export function parseCalls(input: string): number | null {
  const trimmed = input.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const calls = Number(trimmed);
  return calls >= 1 && Number.isSafeInteger(calls) ? calls : null;
}

/** Where the slider handle sits for the current input. */
export function sliderValueFor(input: string): number {
  const calls = parseCalls(input);
  if (calls === null) return SLIDER_DEFAULT;
  return Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, calls));
}

export interface CostQuote {
  calls: number;
  totalCents: number;
  /** "$1,600.60" */
  total: string;
  /** Total divided by calls, three decimals: "$0.800" */
  perCall: string;
  /** "2,001" */
  callsLabel: string;
  /** Savings against the base rate, only above the first tier: "$0.20" */
  savings: string | null;
  /** "Get Started - $400/month" */
  buttonLabel: string;
}

/** Everything the result panel shows for a volume of calls, priced by the shared tier function. */
export function quoteCalls(calls: number): CostQuote {
  const totalCents = callCostCents(calls);
  const total = formatCents(totalCents, { dropZeroCents: true });
  return {
    calls,
    totalCents,
    total,
    perCall: formatCents(totalCents / calls, { digits: 3 }),
    callsLabel: calls.toLocaleString('en-US'),
    savings:
      calls > DISCOUNT_THRESHOLD ? formatCents(volumeSavingsCents(calls), { dropZeroCents: true }) : null,
    buttonLabel: `Get Started - ${total}/month`,
  };
}

/** The quote for the typed input, or null when the input is not a positive integer. */
export function quoteInput(input: string): CostQuote | null {
  const calls = parseCalls(input);
  return calls === null ? null : quoteCalls(calls);
}
