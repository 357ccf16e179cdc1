import { useMemo, type ReactNode } from 'react';
import { Card } from 'antd';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDollars, type DashboardCampaign, type DashboardDay } from '@ringcast/shared-types';

const CALLS_CHART_STYLE = { width: '100%', height: 260 };
const PRIMARY = '#4f46e5';
const SUCCESS = '#16a34a';
/** One bar per campaign, stacked down the card, so names never have to share a line. */
const COST_BAR_ROW_PX = 36;
const COST_AXIS_PX = 40;
const NAME_AXIS_PX = 112;
const NAME_CHARS = 16;

/** "2025-03-07" -> "Mar 7", read as a UTC day as the server counts it. */
const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const money = (value: unknown) => formatDollars(Number(value));
/** A long campaign name cut to fit beside its bar; the tooltip gives it whole. */
const shortName = (name: string) => (name.length > NAME_CHARS ? `${name.slice(0, NAME_CHARS - 1)}…` : name);

function ChartCard({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <Card title={<h2 className="rc-dashboard-heading">{title}</h2>}>
      {empty ? <p className="rc-dashboard-chart-empty">{empty}</p> : children}
    </Card>
  );
}

/**
 * Calls and successful calls per day over the period, and the cost of each campaign. A chart with
 * nothing to draw says so instead of showing empty axes.
 */
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
  const anyCalls = daily.some((day) => day.calls > 0);
  const anyCost = costs.some((c) => c.cost > 0);
  return (
    <div className="rc-dashboard-charts">
      <ChartCard title="Calls over time" empty={anyCalls ? null : 'No calls in this period yet.'}>
        <AreaChart
          responsive
          style={CALLS_CHART_STYLE}
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
      </ChartCard>
      <ChartCard title="Cost per campaign" empty={anyCost ? null : 'No costs in this period yet.'}>
        <BarChart
          responsive
          layout="vertical"
          style={{ width: '100%', height: COST_AXIS_PX + costs.length * COST_BAR_ROW_PX }}
          data={costs}
          margin={{ top: 8, right: 16, left: 0, bottom: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" tickFormatter={money} />
          <YAxis
            type="category"
            dataKey="name"
            width={NAME_AXIS_PX}
            interval={0}
            tick={{ fontSize: 12 }}
            tickFormatter={shortName}
          />
          <Tooltip formatter={money} />
          <Bar dataKey="cost" name="Total cost" fill={PRIMARY} radius={[0, 4, 4, 0]} maxBarSize={24} />
        </BarChart>
      </ChartCard>
    </div>
  );
}
