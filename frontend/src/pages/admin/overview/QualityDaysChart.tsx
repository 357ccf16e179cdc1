import { Line, LineChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminQualityDay } from '@ringcast/shared-types';
import { formatMs, shortDay } from '../../app/campaign/analytics/analyticsFormat';

const CHART_STYLE = { width: '100%', height: 180 };

/** Our p50 and p95 response time across every campaign, per UTC day. */
export function QualityDaysChart({ days }: { days: AdminQualityDay[] }) {
  return (
    <LineChart responsive style={CHART_STYLE} data={days} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} />
      <YAxis tickFormatter={(value: number) => formatMs(value)} width={64} />
      <Tooltip
        labelFormatter={(value) => shortDay(String(value))}
        formatter={(value) => formatMs(Number(value))}
      />
      <Legend />
      <Line type="monotone" dataKey="p50Ms" name="p50" stroke="#4f46e5" dot={{ r: 3 }} />
      <Line type="monotone" dataKey="p95Ms" name="p95" stroke="#f59e0b" dot={{ r: 3 }} />
    </LineChart>
  );
}
