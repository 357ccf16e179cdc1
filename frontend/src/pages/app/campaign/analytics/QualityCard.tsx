import { Card } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsDay, QualityFigures } from '@ringcast/shared-types';
import { formatMs, shortDay } from './analyticsFormat';
import { QualityFiguresList } from './QualityFiguresList';

const CHART_STYLE = { width: '100%', height: 220 };
const MARGIN = { top: 8, right: 8, left: 0, bottom: 0 };
const msTick = (value: number) => formatMs(value);

/**
 * Our response time (from the callee's last words to our reply) per day at p50 and p95, and the
 * interruptions and silences per day.
 */
export function QualityCard({ quality, days }: { quality: QualityFigures; days: AnalyticsDay[] }) {
  const measured = days.some((day) => day.turns > 0);
  return (
    <Card
      title={<h2 className="rc-campaign-heading">Conversation quality</h2>}
      role="region"
      aria-label="Conversation quality"
    >
      <p className="rc-analytics-caption">
        Response time: from the callee&apos;s last words to our reply, over the conversations analysed.
      </p>
      <QualityFiguresList quality={quality} />
      {measured ? (
        <div className="rc-analytics-pair">
          <LineChart responsive style={CHART_STYLE} data={days} margin={MARGIN}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} />
            <YAxis tickFormatter={msTick} width={64} />
            <Tooltip
              labelFormatter={(value) => shortDay(String(value))}
              formatter={(value) => formatMs(Number(value))}
            />
            <Legend />
            <Line
              type="monotone"
              dataKey="p50Ms"
              name="p50"
              stroke="#4f46e5"
              // A day between days with no reply measured draws as a dot.
              dot={{ r: 3 }}
            />
            <Line type="monotone" dataKey="p95Ms" name="p95" stroke="#f59e0b" dot={{ r: 3 }} />
          </LineChart>
          <BarChart responsive style={CHART_STYLE} data={days} margin={MARGIN}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={16} />
            <YAxis allowDecimals={false} width={40} />
            <Tooltip labelFormatter={(value) => shortDay(String(value))} />
            <Legend />
            <Bar dataKey="calleeInterruptions" name="Callee interrupted" fill="#0ea5e9" />
            <Bar dataKey="agentInterruptions" name="Agent interrupted" fill="#f97316" />
            <Bar dataKey="silences" name="Silences" fill="#94a3b8" />
          </BarChart>
        </div>
      ) : (
        <p className="rc-analytics-empty">No reply measured in this range.</p>
      )}
    </Card>
  );
}
