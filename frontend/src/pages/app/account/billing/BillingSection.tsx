import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Spin } from 'antd';
import { CreditCardOutlined } from '@ant-design/icons';
import { BILLING_MESSAGES } from '@ringcast/shared-types';
import { useFallbackPoll } from '../../../../realtime/useFallbackPoll';
import { useBillingStore } from '../../../../stores/billingStore';
import { CardUpdateForm } from './CardUpdateForm';
import { InvoicesTable } from './InvoicesTable';
import { SubscriptionsTable } from './SubscriptionsTable';
import { cardLabel, dollars } from './billingFormat';
import './billing.css';

/**
 * /account Billing: the card on file with Update card, the prepaid credit left, each campaign's
 * subscription and the invoices, kept live by `billing:updated`. "Update card" buttons elsewhere
 * link here with ?updateCard=1, which opens the card form.
 */
export function BillingSection() {
  const overview = useBillingStore((s) => s.overview);
  const status = useBillingStore((s) => s.status);
  const [search, setSearch] = useSearchParams();
  const [editing, setEditing] = useState(search.get('updateCard') === '1');

  useEffect(() => {
    void useBillingStore.getState().load();
  }, []);
  const refresh = useCallback(() => void useBillingStore.getState().load(), []);
  useFallbackPoll(refresh);

  const closeForm = () => {
    setEditing(false);
    if (search.has('updateCard')) {
      search.delete('updateCard');
      setSearch(search, { replace: true });
    }
  };

  if (status === 'error') return <Alert type="error" showIcon title="Could not load your billing." />;
  if (!overview) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  const pastDue = overview.subscriptions.some((s) => s.status === 'past_due');

  return (
    <div id="billing" className="rc-billing" aria-label="Billing">
      {pastDue && <Alert type="error" showIcon role="alert" title={BILLING_MESSAGES.pastDue} />}
      <section className="rc-billing-summary" aria-label="Card and credit">
        <section className="rc-billing-card" aria-label="Card on file">
          <h3>Card on file</h3>
          <p data-testid="billing-card">
            {overview.card ? cardLabel(overview.card) : 'No card on file yet.'}
          </p>
          {!editing && (
            <Button icon={<CreditCardOutlined />} onClick={() => setEditing(true)}>
              {BILLING_MESSAGES.updateCard}
            </Button>
          )}
        </section>
        <section className="rc-billing-credit" aria-label="Credit balance">
          <h3>Credit balance</h3>
          <p className="rc-billing-credit-amount">{dollars(overview.creditBalance)}</p>
          <p className="rc-billing-muted">
            What your first payment paid beyond your first month; it pays your next invoices first.
          </p>
        </section>
      </section>
      {editing && (
        <section className="rc-billing-card-form" aria-label="New card">
          <CardUpdateForm onDone={closeForm} />
        </section>
      )}
      <section aria-label="Subscriptions">
        <h3 className="rc-billing-heading">Subscriptions</h3>
        <SubscriptionsTable subscriptions={overview.subscriptions} />
      </section>
      <section aria-label="Invoices">
        <h3 className="rc-billing-heading">Invoices</h3>
        <InvoicesTable invoices={overview.invoices} />
      </section>
    </div>
  );
}
