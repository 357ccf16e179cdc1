import type { CallQuality } from '@ringcast/shared-types';

/** "620 ms" under a second, "1.4 s" from one on. */
export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
}

/** "620 ms median, 1.4 s at p95"; null when no reply was measured. */
export function responseTimeLine(
  quality: Pick<CallQuality, 'responseP50Ms' | 'responseP95Ms'>,
): string | null {
  const { responseP50Ms: p50, responseP95Ms: p95 } = quality;
  if (p50 === null) return null;
  return p95 === null ? `${formatMs(p50)} median` : `${formatMs(p50)} median, ${formatMs(p95)} at p95`;
}

/** "1 by the caller, 0 by the agent". */
export const interruptionsLine = (quality: Pick<CallQuality, 'calleeInterruptions' | 'agentInterruptions'>) =>
  `${quality.calleeInterruptions} by the caller, ${quality.agentInterruptions} by the agent`;

/** A transcript turn's gap before it, as its note says it: "4.2 s silence". */
export const silenceNote = (ms: number) => `${formatMs(ms)} silence`;
