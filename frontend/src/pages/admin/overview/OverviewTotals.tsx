import { Card, Statistic } from 'antd';
import { formatCents, formatDollars, formatSuccessRate, type AdminOverview } from '@ringcast/shared-types';

/**
 * Total Users, Total Calls, Total Revenue and Success Rate, across every account, then monthly
 * recurring revenue, campaigns past due and cancellations this month.
 */
export function OverviewTotals({ overview }: { overview: AdminOverview }) {
  const items = [
    ['Total Users', overview.totalUsers.toLocaleString('en-US')],
    ['Total Calls', overview.totalCalls.toLocaleString('en-US')],
    ['Total Revenue', formatCents(overview.totalRevenueCents)],
    ['Success Rate', formatSuccessRate(overview.successRate)],
  ];
  // Monthly billing's tiles, once the server sends them.
  const billing = overview.billing as AdminOverview['billing'] | undefined;
  if (billing)
    items.push(
      ['Monthly Recurring Revenue', formatDollars(billing.monthlyRecurringRevenue)],
      ['Campaigns Past Due', billing.pastDueCampaigns.toLocaleString('en-US')],
      ['Cancellations This Month', billing.cancellationsThisMonth.toLocaleString('en-US')],
    );
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
