import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { BillingInvoice } from '@ringcast/shared-types';
import { dollars, INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS, invoicePeriod } from './billingFormat';

const COLUMNS: ColumnsType<BillingInvoice> = [
  { title: 'Number', key: 'number', render: (_, invoice) => invoice.number ?? '—' },
  {
    title: 'Period',
    key: 'period',
    render: (_, invoice) => invoicePeriod(invoice.periodStart, invoice.periodEnd, invoice.createdAt),
  },
  { title: 'Amount', key: 'total', align: 'right', render: (_, invoice) => dollars(invoice.total) },
  {
    title: 'Status',
    key: 'status',
    render: (_, invoice) => (
      <Tag color={INVOICE_STATUS_COLORS[invoice.status]} data-invoice-status={invoice.status}>
        {INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status}
      </Tag>
    ),
  },
  {
    title: 'Invoice',
    key: 'links',
    render: (_, invoice) => (
      <span className="rc-billing-links">
        {invoice.hostedInvoiceUrl && (
          <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noreferrer">
            View
          </a>
        )}
        {invoice.invoicePdf && (
          <a href={invoice.invoicePdf} target="_blank" rel="noreferrer">
            PDF
          </a>
        )}
      </span>
    ),
  },
];

/** The user's invoices, newest first, each with its link to the provider's invoice page and PDF. */
export function InvoicesTable({ invoices }: { invoices: BillingInvoice[] }) {
  return (
    <Table
      className="rc-billing-invoices"
      aria-label="Invoices"
      size="small"
      rowKey="id"
      columns={COLUMNS}
      dataSource={invoices}
      pagination={invoices.length > 10 ? { pageSize: 10 } : false}
      locale={{ emptyText: 'No invoices yet.' }}
      onRow={(invoice) => ({ 'data-invoice-id': invoice.id }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
