import { SETUP_FLAGS, type SetupFlags } from '../domain/campaign';

/** Spec §9: successful / total calls in percent, to 1 decimal; 0 when no call was made. */
export function successRate(successfulCalls: number, totalCalls: number): number {
  if (!totalCalls || totalCalls <= 0) return 0;
  return Math.round((successfulCalls / totalCalls) * 1000) / 10;
}

/** "42.5%": the rate as every screen prints it. */
export const formatSuccessRate = (rate: number) => `${rate.toFixed(1)}%`;

/** A money amount (a DECIMAL string or a number) with exactly two decimals: "12.50". */
export function formatCost(amount: string | number | null | undefined): string {
  const value = Number(amount ?? 0);
  return (Number.isFinite(value) ? value : 0).toFixed(2);
}

/** Adds DECIMAL strings in cents, so sums never carry float error: ["0.10", "0.20"] -> "0.30". */
export function sumCosts(amounts: readonly (string | number)[]): string {
  const cents = amounts.reduce<number>((total, amount) => total + Math.round(Number(amount || 0) * 100), 0);
  return (cents / 100).toFixed(2);
}

export const SETUP_STEP_COUNT = SETUP_FLAGS.length;

/** How many of the eight setup flags are done. */
export const setupProgress = (campaign: SetupFlags) => SETUP_FLAGS.filter((flag) => campaign[flag]).length;

/** Spec §4: setup has started (at least one flag) but is not finished (not all eight). */
export function isSetupInProgress(campaign: SetupFlags): boolean {
  const done = setupProgress(campaign);
  return done > 0 && done < SETUP_STEP_COUNT;
}

/**
 * The campaign the 'Campaign Setup in Progress' toast names: only when exactly one campaign is
 * part-way through setup, null otherwise.
 */
export function campaignInSetup<C extends SetupFlags>(campaigns: readonly C[]): C | null {
  const inSetup = campaigns.filter(isSetupInProgress);
  return inSetup.length === 1 ? inSetup[0] : null;
}

/** The dashboard's performance bar: the success rate, kept within 0-100. */
export const performanceBarPercent = (rate: number) => Math.min(100, Math.max(0, rate));
