import { Card, Segmented } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import {
  CALL_ACTIVITY_RANGES,
  CALL_RESULT_LABELS,
  type CallActivity,
  type CallActivityRange,
} from '@ringcast/shared-types';

const RANGE_LABELS: Record<CallActivityRange, string> = { today: 'Today', '7d': '7 days', '30d': '30 days' };
const SERIES = [
  ['person', '#16a34a'],
  ['voicemail', '#4f46e5'],
  ['busy', '#f59e0b'],
  ['no_answer', '#94a3b8'],
  ['failed', '#dc2626'],
] as const;
const CHART_STYLE = { width: '100%', height: 260 };

/** A bucket's start in the viewer's clock: "14:00" for an hour, "Nov 26" for a day. */
const bucketLabel = (bucket: CallActivity['bucket']) => (iso: string) =>
  bucket === 'hour'
    ? new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : new Date(iso).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Finished calls per hour (today) or per day, stacked by result. */
export function CallActivityChart({
  activity,
  range,
  onRange,
}: {
  activity: CallActivity | null;
  range: CallActivityRange;
  onRange: (range: CallActivityRange) => void;
}) {
  const any = activity?.points.some((p) => SERIES.some(([key]) => p[key] > 0)) ?? false;
  const label = bucketLabel(activity?.bucket ?? 'hour');
  return (
    <Card
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
      {!any ? (
        <p className="rc-campaign-chart-empty">{activity ? 'No finished calls in this period yet.' : ' '}</p>
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
          <Legend />
          {SERIES.map(([key, color]) => (
            <Bar key={key} dataKey={key} name={CALL_RESULT_LABELS[key]} stackId="calls" fill={color} />
          ))}
        </BarChart>
      )}
    </Card>
  );
}
