import { callCostCents, formatCents, VOLUME_CHOICES } from '@ringcast/shared-types';
import { formatDate } from '../../../components/campaigns/format';

/** The volume select's options: each choice with its monthly package price. */
export const VOLUME_OPTIONS = VOLUME_CHOICES.map((calls) => ({
  value: calls,
  label: `${calls.toLocaleString('en-US')} calls — ${formatCents(callCostCents(calls), { dropZeroCents: true })}/month`,
}));

/**
 * What a volume change will do, said before it is made: more calls take effect at once with the
 * rest of this period prorated and invoiced now; fewer calls from the next period.
 */
export function volumeChangeNote(current: number, chosen: number, periodEnd: string | null): string | null {
  if (chosen === current) return null;
  if (chosen > current)
    return `${chosen.toLocaleString('en-US')} calls a month from now: more calls now, prorated (the difference for the rest of this period is invoiced today).`;
  const from = periodEnd ? formatDate(periodEnd) : 'the next billing period';
  return `${chosen.toLocaleString('en-US')} calls a month: fewer from ${from}; this period keeps its ${current.toLocaleString('en-US')} calls.`;
}
