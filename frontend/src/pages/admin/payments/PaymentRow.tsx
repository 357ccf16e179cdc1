import { Tag } from 'antd';
import { formatCents, paymentCampaignLabel, type AdminPayment } from '@ringcast/shared-types';
import { formatDateTime, personName } from '../components/format';

/** One payment: who paid, for which campaign, how much, when, and the provider's id. */
export function PaymentRow({ payment }: { payment: AdminPayment }) {
  const succeeded = payment.status === 'succeeded';
  return (
    <li
      className="rc-admin-row rc-admin-payment"
      data-payment-id={payment.id}
      aria-label={`Payment ${payment.paymentIntentId}`}
    >
      <span className="rc-admin-row-main">
        <span className="rc-admin-row-title">{personName(payment)}</span>
        <span className="rc-admin-row-sub">{payment.email}</span>
        <span className="rc-admin-row-sub">
          {paymentCampaignLabel(payment)}
          {payment.description ? ` · ${payment.description}` : ''}
        </span>
        <span className="rc-admin-row-sub rc-admin-mono">{payment.paymentIntentId}</span>
      </span>
      <span className="rc-admin-payment-side">
        <strong className="rc-admin-amount">
          {formatCents(payment.amount, { currency: payment.currency })}
        </strong>
        <Tag
          color={succeeded ? 'green' : 'orange'}
          style={{ marginInlineEnd: 0 }}
          data-status={payment.status}
        >
          {payment.status.replace(/_/g, ' ')}
        </Tag>
        <time className="rc-admin-row-sub" dateTime={payment.created}>
          {formatDateTime(payment.created)}
        </time>
      </span>
    </li>
  );
}
