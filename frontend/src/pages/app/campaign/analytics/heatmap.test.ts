import { describe, expect, it } from 'vitest';
import type { HeatmapCell } from '@ringcast/shared-types';
import {
  HEAT_STEPS,
  HEATMAP_HOURS,
  NO_CALLS_STEP,
  bestHourOf,
  cellLabel,
  heatStepOf,
  heatmapGrid,
  heatmapReading,
  leftOutLine,
} from './heatmap';

const cell = (
  weekday: HeatmapCell['weekday'],
  hour: number,
  placed: number,
  answered: number,
): HeatmapCell => ({
  weekday,
  hour,
  placed,
  answered,
});

describe('heat map', () => {
  it('lays out Monday to Sunday by 8:00 to 20:00, filling cells the answer lacks with no call', () => {
    const grid = heatmapGrid([cell('sun', 20, 3, 1), cell('mon', 8, 4, 2)]);
    expect(grid).toHaveLength(7);
    expect(HEATMAP_HOURS).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(grid.every((row) => row.length === 13)).toBe(true);
    expect(grid[0]![0]).toEqual(cell('mon', 8, 4, 2));
    expect(grid[6]![12]).toEqual(cell('sun', 20, 3, 1));
    expect(grid[2]![3]).toEqual(cell('wed', 11, 0, 0));
  });

  it('colours a rate by its step, the edges included, and a cell of no call apart', () => {
    expect(heatStepOf(null)).toBe(NO_CALLS_STEP);
    expect(heatStepOf(0)).toBe(HEAT_STEPS[0]);
    expect(heatStepOf(0.1999)).toBe(HEAT_STEPS[0]);
    expect(heatStepOf(0.2)).toBe(HEAT_STEPS[1]);
    expect(heatStepOf(0.64)).toBe(HEAT_STEPS[3]);
    expect(heatStepOf(0.8)).toBe(HEAT_STEPS[4]);
    expect(heatStepOf(1)).toBe(HEAT_STEPS[4]);
    // Darker as the rate rises, every step a colour of its own.
    expect(new Set(HEAT_STEPS.map((s) => s.background)).size).toBe(HEAT_STEPS.length);
  });

  it('labels a cell with its counts and rate', () => {
    expect(cellLabel(cell('tue', 10, 25, 16))).toBe('Tue 10:00: 16 of 25 answered (64%)');
    expect(cellLabel(cell('sat', 19, 0, 0))).toBe('Sat 19:00: no calls placed');
  });

  it('names the best hour among cells with enough calls', () => {
    const cells = [
      // All answered, but too few calls to say anything.
      cell('mon', 9, 2, 2),
      cell('tue', 10, 25, 16),
      cell('wed', 14, 10, 5),
    ];
    expect(bestHourOf(cells)).toEqual(cell('tue', 10, 25, 16));
    expect(heatmapReading(cells)).toBe('Best hour: Tue 10:00, 64% answered');
    expect(bestHourOf(cells, 1)).toEqual(cell('mon', 9, 2, 2));
  });

  it('breaks a tie by more calls, then the earlier hour of the week', () => {
    expect(bestHourOf([cell('wed', 9, 10, 5), cell('mon', 15, 20, 10)])).toEqual(cell('mon', 15, 20, 10));
    expect(bestHourOf([cell('sun', 9, 10, 5), cell('tue', 11, 10, 5), cell('tue', 9, 10, 5)])).toEqual(
      cell('tue', 9, 10, 5),
    );
  });

  it('says when no call is in the map at all', () => {
    expect(heatmapReading([cell('mon', 9, 0, 0)])).toBe(
      "No call placed between 8:00 and 21:00 on the prospect's clock yet.",
    );
  });

  it('says when no hour has calls enough', () => {
    expect(bestHourOf([cell('mon', 9, 4, 4)])).toBeNull();
    expect(heatmapReading([cell('mon', 9, 4, 4)])).toBe(
      'No hour has 5 calls placed yet, too few to say which answers best.',
    );
  });

  it('counts the calls left out of the map', () => {
    expect(leftOutLine(1)).toBe('1 call is not in the map (zone unknown or outside 8:00-21:00)');
    expect(leftOutLine(1200)).toBe('1,200 calls are not in the map (zone unknown or outside 8:00-21:00)');
  });
});
