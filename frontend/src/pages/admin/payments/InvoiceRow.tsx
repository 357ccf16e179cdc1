import { Tag } from 'antd';
import type { AdminInvoice } from '@ringcast/shared-types';
import {
  dollars,
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  invoicePeriod,
} from '../../app/account/billing/billingFormat';
import { formatDateTime, personName } from '../components/format';

/** One invoice: customer, campaign, number, amount, status and period, with its hosted page. */
export function InvoiceRow({ invoice }: { invoice: AdminInvoice }) {
  return (
    <li
      className="rc-admin-row rc-admin-payment"
      data-invoice-id={invoice.id}
      aria-label={`Invoice ${invoice.number ?? invoice.id}`}
    >
      <span className="rc-admin-row-main">
        <span className="rc-admin-row-title">{personName(invoice)}</span>
        <span className="rc-admin-row-sub">{invoice.email}</span>
        <span className="rc-admin-row-sub">
          {invoice.campaignName ?? (invoice.campaignId ? `Campaign #${invoice.campaignId}` : 'No campaign')} ·{' '}
          {invoicePeriod(invoice.periodStart, invoice.periodEnd, invoice.createdAt)}
        </span>
        <span className="rc-admin-row-sub rc-admin-mono">
          {invoice.number ?? invoice.id}
          {invoice.hostedInvoiceUrl && (
            <>
              {' · '}
              <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">
                View invoice
              </a>
            </>
          )}
        </span>
      </span>
      <span className="rc-admin-payment-side">
        <strong className="rc-admin-amount">{dollars(invoice.total)}</strong>
        <Tag
          color={INVOICE_STATUS_COLORS[invoice.status]}
          style={{ marginInlineEnd: 0 }}
          data-status={invoice.status}
        >
          {INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status}
        </Tag>
        <time className="rc-admin-row-sub" dateTime={invoice.createdAt}>
          {formatDateTime(invoice.createdAt)}
        </time>
      </span>
    </li>
  );
}
