import { useState } from 'react';
import { Card, Segmented } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import {
  CALL_ACTIVITY_RANGES,
  CALL_OUTCOME_LABELS,
  CALL_RESULT_LABELS,
  type CallActivity,
  type CallActivityPoint,
  type CallActivityRange,
  type CallOutcome,
  type CallResult,
} from '@ringcast/shared-types';

const RANGE_LABELS: Record<CallActivityRange, string> = { today: 'Today', '7d': '7 days', '30d': '30 days' };

/** What the bars count: how calls ended (statuses) or what the conversations achieved (outcomes). */
type View = 'statuses' | 'outcomes';
const VIEW_LABELS: Record<View, string> = { statuses: 'Statuses', outcomes: 'Outcomes' };

interface Series {
  key: string;
  name: string;
  color: string;
  count: (point: CallActivityPoint) => number;
}

const status = (key: Exclude<CallResult, 'canceled'>, color: string): Series => ({
  key,
  name: CALL_RESULT_LABELS[key],
  color,
  count: (point) => point[key],
});
const outcome = (key: CallOutcome, color: string): Series => ({
  key,
  name: CALL_OUTCOME_LABELS[key],
  color,
  count: (point) => point.outcomes[key],
});

const SERIES: Record<View, Series[]> = {
  statuses: [
    status('person', '#16a34a'),
    status('voicemail', '#4f46e5'),
    status('busy', '#f59e0b'),
    status('no_answer', '#94a3b8'),
    status('failed', '#dc2626'),
  ],
  // The successes in greens first, then the rest; asked not to be called in red.
  outcomes: [
    outcome('appointment_booked', '#15803d'),
    outcome('interested', '#4ade80'),
    outcome('call_back_later', '#0ea5e9'),
    outcome('not_interested', '#94a3b8'),
    outcome('wrong_number', '#f59e0b'),
    outcome('do_not_call', '#dc2626'),
  ],
};

const EMPTY: Record<View, string> = {
  statuses: 'No finished calls in this period yet.',
  outcomes: 'No call with an outcome in this period yet.',
};
const CHART_STYLE = { width: '100%', height: 260 };

/** A bucket's start in the viewer's clock: "14:00" for an hour, "Nov 26" for a day. */
const bucketLabel = (bucket: CallActivity['bucket']) => (iso: string) =>
  bucket === 'hour'
    ? new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Finished calls per hour (today) or per day, stacked by how they ended or by their outcome. */
export function CallActivityChart({
  activity,
  range,
  onRange,
}: {
  activity: CallActivity | null;
  range: CallActivityRange;
  onRange: (range: CallActivityRange) => void;
}) {
  const [view, setView] = useState<View>('statuses');
  const series = SERIES[view];
  const any = activity?.points.some((p) => series.some((s) => s.count(p) > 0)) ?? false;
  const label = bucketLabel(activity?.bucket ?? 'hour');
  return (
    <Card
      className="rc-campaign-chart"
      title={<h2 className="rc-campaign-heading">Calls by result</h2>}
      extra={
        <Segmented<CallActivityRange>
          size="small"
          aria-label="Chart period"
          value={range}
          onChange={onRange}
          options={CALL_ACTIVITY_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
        />
      }
    >
      {/* In the body, not beside the period: the card's head has no room for both on a phone. */}
      <Segmented<View>
        size="small"
        className="rc-campaign-chart-view"
        aria-label="Chart shows"
        value={view}
        onChange={setView}
        options={(['statuses', 'outcomes'] as const).map((value) => ({ value, label: VIEW_LABELS[value] }))}
      />
      {!any ? (
        <p className="rc-campaign-chart-empty">{activity ? EMPTY[view] : ' '}</p>
      ) : (
        <BarChart
          responsive
          style={CHART_STYLE}
          data={activity!.points}
          margin={{ top: 8, right: 8, left: -16, bottom: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="at" tickFormatter={label} minTickGap={16} />
          <YAxis allowDecimals={false} />
          <Tooltip labelFormatter={(value) => label(String(value))} />
          {/* In the order of the series (successes first), not by name. */}
          <Legend itemSorter={null} />
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.count} name={s.name} stackId="calls" fill={s.color} />
          ))}
        </BarChart>
      )}
    </Card>
  );
}
