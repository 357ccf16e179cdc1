import { SILENCE_GAP_MS, type CallQuality } from '../domain/analysis';

/** Response times are kept to this step in the aggregates: a percentile there is to the nearest 10 ms. */
export const RESPONSE_BUCKET_MS = 10;
/** Anything slower lands in the last bucket (a minute is already a call gone wrong). */
export const RESPONSE_BUCKET_CAP_MS = 60_000;

/** The aggregates' bucket of one response time: its lower edge, in ms. */
export const responseBucketOf = (ms: number): number =>
  Math.min(Math.floor(Math.max(ms, 0) / RESPONSE_BUCKET_MS) * RESPONSE_BUCKET_MS, RESPONSE_BUCKET_CAP_MS);

/** A value and how many times it was seen (a bucket of a histogram). */
export interface Counted {
  value: number;
  count: number;
}

/**
 * The nearest-rank percentile (`p` in 0-100) of counted values: the smallest value with at least
 * p% of the counts at or below it. Null when nothing was counted. The same rule for one call's
 * turns and for a histogram of many, so a figure over a range equals the one over its records.
 */
export function percentileOf(counted: readonly Counted[], p: number): number | null {
  const sorted = counted.filter((c) => c.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, c) => sum + c.count, 0);
  if (!total) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const c of sorted) {
    seen += c.count;
    if (seen >= rank) return c.value;
  }
  return sorted[sorted.length - 1]!.value;
}

/** The median as usually meant: the middle value, or the mean of the two middle ones. Null when empty. */
export function medianOf(counted: readonly Counted[]): number | null {
  const sorted = counted.filter((c) => c.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, c) => sum + c.count, 0);
  if (!total) return null;
  const at = (rank: number) => {
    let seen = 0;
    for (const c of sorted) {
      seen += c.count;
      if (seen >= rank) return c.value;
    }
    return sorted[sorted.length - 1]!.value;
  };
  return total % 2 ? at((total + 1) / 2) : (at(total / 2) + at(total / 2 + 1)) / 2;
}

const once = (values: readonly number[]): Counted[] => values.map((value) => ({ value, count: 1 }));

/** What the quality figures read of a stored turn. */
export interface MeasuredTurn {
  speaker: 'agent' | 'callee' | 'system';
  interrupted: boolean;
  responseMs?: number | null;
  modelFirstTokenMs?: number | null;
  talkedOver?: boolean;
  silenceBeforeMs?: number | null;
}

/**
 * A call's quality from its turns (CallQuality says what each figure counts). A silence is a turn
 * with a gap over SILENCE_GAP_MS before it: a reply of ours that slow, or words of the callee's
 * that long after ours ended.
 */
export function qualityOfTurns(turns: readonly MeasuredTurn[]): CallQuality {
  const agent = turns.filter((t) => t.speaker === 'agent');
  const responses = agent.map((t) => t.responseMs).filter((ms): ms is number => typeof ms === 'number');
  const firstTokens = agent
    .map((t) => t.modelFirstTokenMs)
    .filter((ms): ms is number => typeof ms === 'number');
  return {
    turns: responses.length,
    responseP50Ms: percentileOf(once(responses), 50),
    responseP95Ms: percentileOf(once(responses), 95),
    modelFirstTokenP50Ms: percentileOf(once(firstTokens), 50),
    calleeInterruptions: agent.filter((t) => t.interrupted).length,
    agentInterruptions: agent.filter((t) => t.talkedOver).length,
    silences: turns.filter((t) => (t.silenceBeforeMs ?? 0) > SILENCE_GAP_MS).length,
  };
}
