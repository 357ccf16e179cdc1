import type { UpdateCampaignStatsInput } from '@ringcast/shared-types';

/** What the admin typed over the campaign's figures; a cleared field holds null. */
export type StatsEdits = Partial<Record<keyof UpdateCampaignStatsInput, number | null>>;

const toInteger = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? 0 : Math.trunc(value);
const toCents = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? 0 : Math.round(value * 100) / 100;

/**
 * Spec §5: the stats sent, calls as integers and cost as a decimal of cents, each 0 when empty;
 * untouched fields keep the campaign's values.
 */
export function statsInputFrom(
  current: UpdateCampaignStatsInput,
  edits: StatsEdits,
): UpdateCampaignStatsInput {
  const pick = (key: keyof UpdateCampaignStatsInput) => (key in edits ? edits[key] : current[key]);
  return {
    totalCalls: toInteger(pick('totalCalls')),
    successfulCalls: toInteger(pick('successfulCalls')),
    totalCost: toCents(pick('totalCost')),
  };
}
