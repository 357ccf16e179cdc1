import { useSearchParams } from 'react-router-dom';
import { Segmented } from 'antd';
import { useAdminPaymentsStore } from '../../../stores/adminStores';
import { ListFrame } from '../components/ListFrame';
import { useAdminList } from '../components/useAdminList';
import { InvoicesList } from './InvoicesList';
import { PaymentRow } from './PaymentRow';

/** Every one-time payment, newest first; a new one appears as it is recorded. */
function PaymentsList({ q }: { q: string }) {
  const list = useAdminList(useAdminPaymentsStore, q);
  return (
    <ListFrame
      noun="payments"
      one="payment"
      q={q}
      count={list.items.length}
      emptyText="No payments found."
      onPage={list.setPage}
      onRetry={() => void list.refresh()}
      {...list}
    >
      <ul className="rc-admin-rows" aria-label="Payments">
        {list.items.map((payment) => (
          <PaymentRow key={payment.id} payment={payment} />
        ))}
      </ul>
    </ListFrame>
  );
}

type PaymentsView = 'payments' | 'invoices';

/** Payments | Invoices: one-time payments and the subscriptions' invoices (kept in ?view=). */
export function PaymentsTab({ q }: { q: string }) {
  const [params, setParams] = useSearchParams();
  const view: PaymentsView = params.get('view') === 'invoices' ? 'invoices' : 'payments';
  const choose = (next: PaymentsView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'invoices') updated.set('view', next);
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );

  return (
    <>
      <Segmented
        aria-label="Payments or invoices"
        className="rc-admin-payments-view"
        value={view}
        onChange={(next) => choose(next as PaymentsView)}
        options={[
          { value: 'payments', label: 'Payments' },
          { value: 'invoices', label: 'Invoices' },
        ]}
      />
      {view === 'invoices' ? <InvoicesList q={q} /> : <PaymentsList q={q} />}
    </>
  );
}
