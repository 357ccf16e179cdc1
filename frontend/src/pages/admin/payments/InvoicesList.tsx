import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { ADMIN_PAGE_SIZE_DEFAULT, INVOICE_STATUSES, type InvoiceStatus } from '@ringcast/shared-types';
import { useFallbackPoll } from '../../../realtime/useFallbackPoll';
import { useAdminInvoicesStore } from '../../../stores/adminInvoicesStore';
import { INVOICE_STATUS_LABELS } from '../../app/account/billing/billingFormat';
import { ListFrame } from '../components/ListFrame';
import { InvoiceRow } from './InvoiceRow';

const STATUS_OPTIONS = [
  { value: '', label: 'Every status' },
  ...INVOICE_STATUSES.map((status) => ({ value: status, label: INVOICE_STATUS_LABELS[status] })),
];

/** Every user's invoices, newest first, filtered by status and the search; live on billing pushes. */
export function InvoicesList({ q }: { q: string }) {
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [page, setPage] = useState(1);
  const store = useAdminInvoicesStore();
  const { load, release, refresh } = store;
  useEffect(() => {
    void load({ q, page, pageSize: ADMIN_PAGE_SIZE_DEFAULT, status: status || undefined });
    return release;
  }, [load, release, q, page, status]);
  useFallbackPoll(refresh);

  return (
    <>
      <div className="rc-admin-invoice-filters">
        <Select
          aria-label="Invoice status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          style={{ width: 180 }}
        />
      </div>
      <ListFrame
        noun="invoices"
        one="invoice"
        q={q}
        count={store.items.length}
        total={store.total}
        status={store.status}
        loading={store.loading}
        error={store.error}
        page={page}
        pageSize={ADMIN_PAGE_SIZE_DEFAULT}
        emptyText="No invoices found."
        onPage={setPage}
        onRetry={() => void refresh()}
      >
        <ul className="rc-admin-rows" aria-label="Invoices">
          {store.items.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      </ListFrame>
    </>
  );
}
