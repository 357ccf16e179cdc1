import {
  HEATMAP_FIRST_HOUR,
  HEATMAP_LAST_HOUR,
  type HeatmapCell,
  type Weekday,
} from '@ringcast/shared-types';
import { formatCount, formatPercent, rateOf } from './analyticsFormat';

/** The map's rows, Monday first as a working week reads. */
export const HEATMAP_WEEKDAYS: { weekday: Weekday; label: string }[] = [
  { weekday: 'mon', label: 'Mon' },
  { weekday: 'tue', label: 'Tue' },
  { weekday: 'wed', label: 'Wed' },
  { weekday: 'thu', label: 'Thu' },
  { weekday: 'fri', label: 'Fri' },
  { weekday: 'sat', label: 'Sat' },
  { weekday: 'sun', label: 'Sun' },
];
const WEEKDAY_LABEL = Object.fromEntries(HEATMAP_WEEKDAYS.map((w) => [w.weekday, w.label])) as Record<
  Weekday,
  string
>;

export const HEATMAP_HOURS = Array.from(
  { length: HEATMAP_LAST_HOUR - HEATMAP_FIRST_HOUR + 1 },
  (_, i) => HEATMAP_FIRST_HOUR + i,
);

/** "10:00" on the prospect's clock. */
export const hourLabel = (hour: number) => `${hour}:00`;

/** The cell of each weekday and hour; one of no call when the answer lacks it. */
export function heatmapGrid(cells: HeatmapCell[]): HeatmapCell[][] {
  const byKey = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  return HEATMAP_WEEKDAYS.map(({ weekday }) =>
    HEATMAP_HOURS.map((hour) => byKey.get(`${weekday}-${hour}`) ?? { weekday, hour, placed: 0, answered: 0 }),
  );
}

/** Answered by a person of the calls placed; null for a cell of no call. */
export const answerRateOf = (cell: HeatmapCell) => rateOf(cell.answered, cell.placed);

export interface HeatStep {
  /** The lowest rate of the step. */
  from: number;
  background: string;
  /** Legible on the background. */
  text: string;
  label: string;
}

/** Five steps of one hue, light to dark, readable without telling red from green. */
export const HEAT_STEPS: HeatStep[] = [
  { from: 0, background: '#e0f2fe', text: '#0c4a6e', label: '0-19%' },
  { from: 0.2, background: '#7dd3fc', text: '#0c4a6e', label: '20-39%' },
  { from: 0.4, background: '#38bdf8', text: '#082f49', label: '40-59%' },
  { from: 0.6, background: '#0284c7', text: '#ffffff', label: '60-79%' },
  { from: 0.8, background: '#075985', text: '#ffffff', label: '80-100%' },
];
/** A cell with no call: no colour, so no rate is read into it. */
export const NO_CALLS_STEP: HeatStep = {
  from: -1,
  background: '#f8fafc',
  text: '#94a3b8',
  label: 'No calls',
};

/** The colour of an answer rate (null: no call placed in that hour). */
export function heatStepOf(rate: number | null): HeatStep {
  if (rate === null) return NO_CALLS_STEP;
  let step = HEAT_STEPS[0]!;
  for (const candidate of HEAT_STEPS) if (rate >= candidate.from) step = candidate;
  return step;
}

/** What a cell says to a screen reader and in its tooltip. */
export function cellLabel(cell: HeatmapCell): string {
  const when = `${WEEKDAY_LABEL[cell.weekday]} ${hourLabel(cell.hour)}`;
  if (cell.placed === 0) return `${when}: no calls placed`;
  return `${when}: ${formatCount(cell.answered)} of ${formatCount(cell.placed)} answered (${formatPercent(answerRateOf(cell))})`;
}

/** A cell names the best hour only with this many calls placed in it: fewer say little. */
export const BEST_HOUR_MIN_PLACED = 5;

/**
 * The cell of the highest answer rate among those with enough calls; on a tie the one with more
 * calls, then the earlier in the week and the day. Null when no cell has enough.
 */
export function bestHourOf(cells: HeatmapCell[], minPlaced = BEST_HOUR_MIN_PLACED): HeatmapCell | null {
  const order = (cell: HeatmapCell) =>
    HEATMAP_WEEKDAYS.findIndex((w) => w.weekday === cell.weekday) * 100 + cell.hour;
  let best: HeatmapCell | null = null;
  for (const cell of cells) {
    if (cell.placed < minPlaced) continue;
    if (!best) {
      best = cell;
      continue;
    }
    // Cross-multiplied: equal rates compare equal, with no rounding.
    const diff = cell.answered * best.placed - best.answered * cell.placed;
    if (
      diff > 0 ||
      (diff === 0 &&
        (cell.placed > best.placed || (cell.placed === best.placed && order(cell) < order(best))))
    )
      best = cell;
  }
  return best;
}

/** The map in one line: "Best hour: Tue 10:00, 64% answered". */
export function heatmapReading(cells: HeatmapCell[], minPlaced = BEST_HOUR_MIN_PLACED): string {
  if (!cells.some((cell) => cell.placed > 0))
    return "No call placed between 8:00 and 21:00 on the prospect's clock yet.";
  const best = bestHourOf(cells, minPlaced);
  if (!best) return `No hour has ${minPlaced} calls placed yet, too few to say which answers best.`;
  return `Best hour: ${WEEKDAY_LABEL[best.weekday]} ${hourLabel(best.hour)}, ${formatPercent(answerRateOf(best))} answered`;
}

/** The sentence under the map when some placed calls could not be put in it. */
export const leftOutLine = (leftOut: number) =>
  `${formatCount(leftOut)} call${leftOut === 1 ? ' is' : 's are'} not in the map (zone unknown or outside 8:00-21:00)`;
