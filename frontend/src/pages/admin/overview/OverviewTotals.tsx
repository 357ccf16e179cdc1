import { Card, Statistic } from 'antd';
import { formatCents, formatSuccessRate, type AdminOverview } from '@ringcast/shared-types';

/** Total Users, Total Calls, Total Revenue and Success Rate, across every account. */
export function OverviewTotals({ overview }: { overview: AdminOverview }) {
  const items = [
    ['Total Users', overview.totalUsers.toLocaleString('en-US')],
    ['Total Calls', overview.totalCalls.toLocaleString('en-US')],
    ['Total Revenue', formatCents(overview.totalRevenueCents)],
    ['Success Rate', formatSuccessRate(overview.successRate)],
  ] as const;
  return (
    <section className="rc-admin-totals" aria-label="Totals">
      {items.map(([title, value]) => (
        <Card key={title} size="small" role="group" aria-label={title}>
          <Statistic title={title} value={value} />
        </Card>
      ))}
    </section>
  );
}
