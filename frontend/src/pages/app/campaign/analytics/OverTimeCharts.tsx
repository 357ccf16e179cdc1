import { Card } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import {
  CALL_OUTCOME_LABELS,
  SENTIMENT_LABELS,
  type AnalyticsDay,
  type CallOutcome,
  type Sentiment,
} from '@ringcast/shared-types';
import { shortDay } from './analyticsFormat';

const CHART_STYLE = { width: '100%', height: 240 };
const MARGIN = { top: 8, right: 8, left: -16, bottom: 0 };

// The successes in greens first, then the rest, as the Overview's chart colours them.
const OUTCOME_COLORS: [CallOutcome, string][] = [
  ['appointment_booked', '#15803d'],
  ['interested', '#4ade80'],
  ['call_back_later', '#0ea5e9'],
  ['not_interested', '#94a3b8'],
  ['wrong_number', '#f59e0b'],
  ['do_not_call', '#dc2626'],
];
const SENTIMENT_COLORS: [Sentiment, string][] = [
  ['positive', '#16a34a'],
  ['neutral', '#94a3b8'],
  ['negative', '#dc2626'],
];

function DailyBars<K extends string>({
  days,
  series,
  labels,
  count,
}: {
  days: AnalyticsDay[];
  series: [K, string][];
  labels: Record<K, string>;
  count: (day: AnalyticsDay, key: K) => number;
}) {
  return (
    <BarChart responsive style={CHART_STYLE} data={days} margin={MARGIN}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} />
      <YAxis allowDecimals={false} />
      <Tooltip labelFormatter={(value) => shortDay(String(value))} />
      <Legend itemSorter={null} />
      {series.map(([key, color]) => (
        <Bar
          key={key}
          dataKey={(day: AnalyticsDay) => count(day, key)}
          name={labels[key]}
          stackId="day"
          fill={color}
        />
      ))}
    </BarChart>
  );
}

/** Outcomes and sentiment per UTC day of the range, stacked. */
export function OverTimeCharts({ days }: { days: AnalyticsDay[] }) {
  const anyOutcome = days.some((day) => OUTCOME_COLORS.some(([key]) => day.outcomes[key] > 0));
  const anySentiment = days.some((day) => SENTIMENT_COLORS.some(([key]) => day.sentiment[key] > 0));
  return (
    <div className="rc-analytics-pair">
      <Card
        title={<h2 className="rc-campaign-heading">Outcomes over time</h2>}
        role="region"
        aria-label="Outcomes over time"
      >
        <p className="rc-analytics-caption">Calls per day by what the conversation achieved.</p>
        {anyOutcome ? (
          <DailyBars
            days={days}
            series={OUTCOME_COLORS}
            labels={CALL_OUTCOME_LABELS}
            count={(d, k) => d.outcomes[k]}
          />
        ) : (
          <p className="rc-analytics-empty">No call with an outcome in this range.</p>
        )}
      </Card>
      <Card
        title={<h2 className="rc-campaign-heading">Sentiment over time</h2>}
        role="region"
        aria-label="Sentiment over time"
      >
        <p className="rc-analytics-caption">Analysed conversations per day by the callee&apos;s mood.</p>
        {anySentiment ? (
          <DailyBars
            days={days}
            series={SENTIMENT_COLORS}
            labels={SENTIMENT_LABELS}
            count={(d, k) => d.sentiment[k]}
          />
        ) : (
          <p className="rc-analytics-empty">No analysed conversation in this range.</p>
        )}
      </Card>
    </div>
  );
}
