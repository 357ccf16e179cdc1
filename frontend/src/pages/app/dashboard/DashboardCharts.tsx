import { useMemo } from 'react';
import { Card } from 'antd';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney, type DashboardCampaign, type DashboardDay } from '@ringcast/shared-types';

const CHART_STYLE = { width: '100%', height: 260 };
const PRIMARY = '#4f46e5';
const SUCCESS = '#16a34a';

/** "2025-03-07" -> "Mar 7", read as a UTC day as the server counts it. */
const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const money = (value: unknown) => formatMoney(Number(value));

/** Calls and successful calls per day over the period, and the cost of each campaign. */
export function DashboardCharts({
  daily,
  campaigns,
}: {
  daily: DashboardDay[];
  campaigns: DashboardCampaign[];
}) {
  const costs = useMemo(
    () => campaigns.map((c) => ({ name: c.name, cost: Number(c.totalCost) })),
    [campaigns],
  );
  return (
    <div className="rc-dashboard-charts">
      <Card title={<h2 className="rc-dashboard-heading">Calls over time</h2>}>
        <AreaChart
          responsive
          style={CHART_STYLE}
          data={daily}
          margin={{ top: 8, right: 8, left: -16, bottom: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={shortDay} minTickGap={24} />
          <YAxis allowDecimals={false} />
          <Tooltip labelFormatter={(label) => shortDay(String(label))} />
          <Legend />
          <Area
            type="monotone"
            dataKey="calls"
            name="Calls"
            stroke={PRIMARY}
            fill={PRIMARY}
            fillOpacity={0.15}
          />
          <Area
            type="monotone"
            dataKey="successes"
            name="Successful calls"
            stroke={SUCCESS}
            fill={SUCCESS}
            fillOpacity={0.15}
          />
        </AreaChart>
      </Card>
      <Card title={<h2 className="rc-dashboard-heading">Cost per campaign</h2>}>
        <BarChart
          responsive
          style={CHART_STYLE}
          data={costs}
          margin={{ top: 8, right: 8, left: 0, bottom: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" interval={0} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={money} />
          <Tooltip formatter={money} />
          <Bar dataKey="cost" name="Total cost" fill={PRIMARY} radius={[4, 4, 0, 0]} maxBarSize={48} />
        </BarChart>
      </Card>
    </div>
  );
}
