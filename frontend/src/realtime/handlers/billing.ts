import { onReconnect, subscribe } from '../socket';
import { useBillingStore } from '../../stores/billingStore';

/** The owner's subscriptions and invoices, as renewals, failures and card changes happen. */
export const billingHandlers = () => [
  subscribe('billing:updated', (update) => useBillingStore.getState().receive(update)),
  onReconnect(() => useBillingStore.getState().catchUp()),
];
