import { Card, Statistic } from 'antd';
import { formatDollars, formatSuccessRate, type DashboardTotals as Totals } from '@ringcast/shared-types';

/** The totals of the period: every call handled, and of them the calls rung into the campaigns' numbers. */
export function DashboardTotals({ totals }: { totals: Totals }) {
  const items = [
    ['Total calls made', totals.totalCalls.toLocaleString('en-US')],
    ['Calls received', (totals.receivedCalls ?? 0).toLocaleString('en-US')],
    ['Successful calls', totals.successfulCalls.toLocaleString('en-US')],
    ['Success rate', formatSuccessRate(totals.successRate)],
    ['Total cost', formatDollars(totals.totalCost)],
  ] as const;
  return (
    <section className="rc-dashboard-totals" aria-label="Totals">
      {items.map(([title, value]) => (
        <Card key={title} size="small" role="group" aria-label={title}>
          <Statistic title={title} value={value} />
        </Card>
      ))}
    </section>
  );
}
