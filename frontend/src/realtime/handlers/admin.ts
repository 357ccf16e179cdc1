import { onReconnect, subscribe } from '../socket';
import { useAdminInvoicesStore } from '../../stores/adminInvoicesStore';
import { useAdminOverviewStore } from '../../stores/adminOverviewStore';
import { useCallDrawerStore } from '../../stores/callDrawerStore';
import { useOutboxStore } from '../../stores/outboxStore';
import { useAdminCampaignCallsStore } from '../../stores/callLogStore';
import {
  useAdminCampaignsStore,
  useAdminPaymentsStore,
  useAdminTicketsStore,
  useAdminUsersStore,
} from '../../stores/adminStores';

const overview = () => useAdminOverviewStore.getState();
const LIST_STORES = [useAdminUsersStore, useAdminCampaignsStore, useAdminPaymentsStore, useAdminTicketsStore];

/**
 * Everything the admins room hears, for the /admin lists and the overview. The stores decide what
 * to do while they are off screen (lists ignore pushes, the overview reads nothing).
 */
export const adminHandlers = () => [
  subscribe('campaign:updated', (campaign) => {
    useAdminCampaignsStore.getState().receive(campaign);
    useAdminCampaignCallsStore.getState().campaignChanged(campaign.id);
    useCallDrawerStore.getState().campaignChanged(campaign.id);
    overview().campaignUpdated(campaign);
  }),
  subscribe('campaign:deleted', ({ id }) => {
    useAdminCampaignsStore.getState().remove(id);
    overview().campaignDeleted(id);
  }),
  subscribe('ticket:updated', (ticket) => {
    useAdminTicketsStore.getState().receive(ticket);
    overview().ticketUpdated(ticket);
  }),
  subscribe('payment:recorded', (payment) => {
    useAdminPaymentsStore.getState().receive(payment);
    useAdminInvoicesStore.getState().changed();
    overview().paymentRecorded(payment);
  }),
  subscribe('billing:updated', () => {
    useAdminInvoicesStore.getState().changed();
    overview().billingUpdated();
  }),
  subscribe('user:updated', (user) => {
    useAdminUsersStore.getState().receive(user);
    overview().userUpdated();
  }),
  subscribe('sandboxMail:received', (mail) => useOutboxStore.getState().received(mail)),
  onReconnect(() => {
    for (const store of LIST_STORES) void store.getState().refresh();
    void useOutboxStore.getState().refresh();
    void useAdminInvoicesStore.getState().refresh();
    overview().catchUp();
    void useAdminCampaignCallsStore.getState().refresh();
  }),
];
