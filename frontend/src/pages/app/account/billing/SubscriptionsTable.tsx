import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';
import { BILLING_MESSAGES, type BillingSubscription } from '@ringcast/shared-types';
import { formatPeriod } from '../../../../components/billing/campaignBilling';
import { formatDate } from '../../../../components/campaigns/format';
import { dollars, planLabel, SUBSCRIPTION_STATUS_LABELS } from './billingFormat';

const STATUS_COLORS: Record<string, string> = {
  active: 'green',
  past_due: 'red',
  incomplete: 'gold',
  unpaid: 'red',
};

function NextInvoice({ subscription }: { subscription: BillingSubscription }) {
  const { nextInvoice, cancelAtPeriodEnd, currentPeriodEnd } = subscription;
  if (cancelAtPeriodEnd && currentPeriodEnd)
    return (
      <strong className="rc-cancels-on-cell">
        {BILLING_MESSAGES.cancelsOn(formatDate(currentPeriodEnd))}
      </strong>
    );
  if (!nextInvoice) return <>—</>;
  return (
    <>
      {dollars(nextInvoice.amount)} on {formatDate(nextInvoice.date)}
    </>
  );
}

const COLUMNS: ColumnsType<BillingSubscription> = [
  {
    title: 'Campaign',
    key: 'campaign',
    render: (_, s) => <Link to={`/campaigns/${s.campaignId}`}>{s.campaignName}</Link>,
  },
  {
    title: 'Plan',
    key: 'plan',
    render: (_, s) => (
      <>
        {planLabel(s.monthlyCallVolume, s.providedNumber)}
        <div className="rc-billing-muted">
          {dollars(s.monthlyAmount)}/month · overage {s.overage ? 'on' : 'off'}
        </div>
      </>
    ),
  },
  {
    title: 'Status',
    key: 'status',
    render: (_, s) => (
      <Tag color={STATUS_COLORS[s.status] ?? 'default'} data-subscription-status={s.status}>
        {SUBSCRIPTION_STATUS_LABELS[s.status] ?? s.status}
      </Tag>
    ),
  },
  {
    title: 'Current period',
    key: 'period',
    render: (_, s) => formatPeriod(s.currentPeriodStart, s.currentPeriodEnd) ?? '—',
  },
  { title: 'Next invoice', key: 'next', render: (_, s) => <NextInvoice subscription={s} /> },
];

/** One row per campaign subscription: its plan, status, period and what comes next. */
export function SubscriptionsTable({ subscriptions }: { subscriptions: BillingSubscription[] }) {
  return (
    <Table
      className="rc-billing-subscriptions"
      aria-label="Subscriptions"
      size="small"
      rowKey="campaignId"
      columns={COLUMNS}
      dataSource={subscriptions}
      pagination={false}
      locale={{ emptyText: 'No paid campaigns yet.' }}
      onRow={(s) => ({ 'data-campaign-id': s.campaignId }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
