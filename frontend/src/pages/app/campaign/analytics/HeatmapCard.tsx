import { Card } from 'antd';
import type { CampaignAnalytics } from '@ringcast/shared-types';
import { formatPercent } from './analyticsFormat';
import {
  HEAT_STEPS,
  HEATMAP_HOURS,
  HEATMAP_WEEKDAYS,
  NO_CALLS_STEP,
  answerRateOf,
  cellLabel,
  heatStepOf,
  heatmapGrid,
  heatmapReading,
  hourLabel,
  leftOutLine,
} from './heatmap';

/**
 * The answer rate by weekday and hour on the prospect's clock: when to call. Each cell is coloured
 * by its rate and names its counts to a screen reader and in its tooltip.
 */
export function HeatmapCard({ analytics }: { analytics: CampaignAnalytics }) {
  const grid = heatmapGrid(analytics.heatmap);
  return (
    <Card
      title={<h2 className="rc-campaign-heading">When prospects answer</h2>}
      role="region"
      aria-label="When prospects answer"
    >
      <p className="rc-analytics-caption">
        Placed calls a person answered, by weekday and hour on the prospect&apos;s own clock.
      </p>
      <p className="rc-analytics-reading" role="status" aria-label="Best hour">
        {heatmapReading(analytics.heatmap)}
      </p>
      <div className="rc-analytics-heatmap-scroll">
        <table className="rc-analytics-heatmap" aria-label="Answer rate by weekday and hour">
          <thead>
            <tr>
              <td />
              {HEATMAP_HOURS.map((hour) => (
                <th key={hour} scope="col">
                  {hourLabel(hour)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((row, i) => (
              <tr key={HEATMAP_WEEKDAYS[i]!.weekday}>
                <th scope="row">{HEATMAP_WEEKDAYS[i]!.label}</th>
                {row.map((cell) => {
                  const rate = answerRateOf(cell);
                  const step = heatStepOf(rate);
                  const label = cellLabel(cell);
                  return (
                    <td
                      key={cell.hour}
                      className="rc-analytics-heat-cell"
                      style={{ background: step.background, color: step.text }}
                      title={label}
                      aria-label={label}
                      data-placed={cell.placed}
                      data-answered={cell.answered}
                    >
                      {rate === null ? '' : formatPercent(rate).replace('%', '')}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="rc-analytics-legend" aria-label="Answer rate colours">
        {[...HEAT_STEPS, NO_CALLS_STEP].map((step) => (
          <li key={step.label}>
            <span className="rc-analytics-swatch" style={{ background: step.background }} aria-hidden />
            {step.label}
          </li>
        ))}
      </ul>
      {analytics.heatmapLeftOut > 0 && (
        <p className="rc-analytics-caption" role="note">
          {leftOutLine(analytics.heatmapLeftOut)}
        </p>
      )}
    </Card>
  );
}
