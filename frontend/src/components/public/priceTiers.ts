import { formatCents, PRICE_TIERS } from '@ringcast/shared-types';

/** One graduated price band, labelled for display. */
export interface TierBand {
  /** First call of the band (1-based). */
  from: number;
  /** Last call of the band, or null for the open-ended top band. */
  to: number | null;
  /** "$0.80" */
  rate: string;
  /** "Up to 2,000 calls", "2,001 - 5,000 calls", "Above 5,000 calls" */
  range: string;
}

const n = (value: number) => value.toLocaleString('en-US');

/** The shared price tiers as display bands, so no page restates a rate by hand. */
export function tierBands(): TierBand[] {
  let from = 1;
  return PRICE_TIERS.map((tier) => {
    const to = Number.isFinite(tier.upTo) ? tier.upTo : null;
    const range =
      to === null
        ? `Above ${n(from - 1)} calls`
        : from === 1
          ? `Up to ${n(to)} calls`
          : `${n(from)} - ${n(to)} calls`;
    const band = { from, to, rate: formatCents(tier.cents), range };
    if (to !== null) from = to + 1;
    return band;
  });
}

/** "$0.80 a call for calls 1-2,000, $0.60 for calls 2,001-5,000 and $0.50 for every call above 5,000" */
export function ratesSentence(): string {
  const parts = tierBands().map((band, index) => {
    const rate = index === 0 ? `${band.rate} a call` : band.rate;
    return band.to === null
      ? `${rate} for every call above ${n(band.from - 1)}`
      : `${rate} for calls ${n(band.from)}-${n(band.to)}`;
  });
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
