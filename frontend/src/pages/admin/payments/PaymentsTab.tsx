import { useAdminPaymentsStore } from '../../../stores/adminStores';
import { ListFrame } from '../components/ListFrame';
import { useAdminList } from '../components/useAdminList';
import { PaymentRow } from './PaymentRow';

/** Every payment, newest first; a new one appears as it is recorded. */
export function PaymentsTab({ q }: { q: string }) {
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
