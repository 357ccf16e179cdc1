// bench:scale's figures: each layout's column side by side, the ratio of the second to the first,
// and a check per layout: nothing placed twice, counted wrong or lost.
import { cpus } from 'node:os';
import { percentile } from './benchEnv';
import type { LayoutFigures } from './scaleLayout';
import type { Check } from './verdict';

export interface ReportSettings {
  scale: number;
  cps: number;
  floodRate: number;
  floodSeconds: number;
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const p99 = (sorted: number[]) => percentile(sorted, 99);

/** Each row: its label, and the figure of each layout (plus their ratio when it is a rate or a time). */
interface Row {
  label: string;
  value: (f: LayoutFigures) => number;
  digits?: number;
  unit?: string;
  ratio?: boolean;
}

const ROWS: Row[] = [
  { label: 'calls placed', value: (f) => f.placed },
  { label: 'dialing time', value: (f) => f.dialingSeconds, digits: 1, unit: 's' },
  { label: 'calls placed/s', value: (f) => f.placedPerSecond, ratio: true },
  { label: 'busiest second (calls)', value: (f) => f.busiestSecond },
  { label: 'callbacks ingested/s (dialing)', value: (f) => f.callbacksPerSecond, ratio: true },
  { label: 'relay sessions', value: (f) => f.relaySessions },
  { label: 'api CPU per call', value: (f) => f.cpuPerCall.api, digits: 1, unit: 'ms', ratio: true },
  { label: 'worker CPU per call', value: (f) => f.cpuPerCall.workers, digits: 1, unit: 'ms', ratio: true },
  { label: 'flood: callbacks sent/s', value: (f) => f.flood.sent / f.flood.sendSeconds },
  { label: 'flood: ingested/s (steady)', value: (f) => f.flood.steady.appliedPerSecond, ratio: true },
  { label: 'flood: answer p50', value: (f) => percentile(f.flood.answers, 50), digits: 1, unit: 'ms' },
  { label: 'flood: answer p99', value: (f) => p99(f.flood.answers), digits: 1, unit: 'ms', ratio: true },
  { label: 'flood: not answered 204', value: (f) => f.flood.refused },
  { label: 'flood: lost (sent - applied)', value: (f) => f.flood.sent - f.flood.ingested },
  { label: 'api CPU per callback', value: (f) => f.cpuPerCallback.api, digits: 2, unit: 'ms', ratio: true },
  {
    label: 'worker CPU per callback',
    value: (f) => f.cpuPerCallback.workers,
    digits: 2,
    unit: 'ms',
    ratio: true,
  },
  { label: 'calls placed twice (records)', value: (f) => f.twiceInRecords },
  { label: 'calls placed twice (Twilio)', value: (f) => f.twiceAtTwilio },
  { label: 'statistics mismatched', value: (f) => f.mismatched.length },
];

/** What failed in a layout: empty when every call was placed once, counted right, and nothing lost. */
function failures(f: LayoutFigures): string[] {
  const found: string[] = [];
  if (!f.completed) found.push('its campaigns did not complete in time');
  if (f.placed !== f.prospects) found.push(`${f.placed} of ${f.prospects} prospects called`);
  if (f.twiceInRecords || f.twiceAtTwilio) found.push('calls placed twice');
  if (f.mismatched.length) found.push(`statistics mismatched: ${f.mismatched.join('; ')}`);
  if (f.flood.refused) found.push(`${f.flood.refused} flooded callbacks not answered 204`);
  if (f.flood.ingested !== f.flood.sent)
    found.push(`${f.flood.sent - f.flood.ingested} flooded callbacks lost`);
  return found;
}

export function scaleReport(
  figures: LayoutFigures[],
  settings: ReportSettings,
): { lines: string[]; checks: Check[] } {
  const [one, two] = figures as [LayoutFigures, LayoutFigures];
  const width = 32;
  const column = 16;
  const lines = [
    `\nbench:scale: time scale ${settings.scale}, ${settings.cps} calls/s per account; flood ${settings.floodRate}/s for ${settings.floodSeconds} s`,
    `${''.padEnd(width)}${one.name.padEnd(column)}${two.name.padEnd(column)}ratio`,
  ];
  for (const row of ROWS) {
    const [a, b] = [row.value(one), row.value(two)];
    const cell = (n: number) => `${fixed(n, row.digits)}${row.unit ? ` ${row.unit}` : ''}`.padEnd(column);
    const ratio = row.ratio && a > 0 ? fixed(b / a, 2) : '';
    lines.push(`${row.label.padEnd(width)}${cell(a)}${cell(b)}${ratio}`);
  }
  lines.push(
    `${'machine load (1, 5, 15 min)'.padEnd(width)}before ${one.load[0]} / ${two.load[0]}, after ${one.load[1]} / ${two.load[1]}, ${cpus().length} cores`,
  );
  const checks = figures.map((f) => {
    const found = failures(f);
    return {
      target: `${f.name}: every prospect called once, every campaign counted right, no callback lost`,
      measured: found.join('; ') || 'none placed twice, counted wrong or lost',
      pass: found.length === 0,
    } satisfies Check;
  });
  return { lines, checks };
}
