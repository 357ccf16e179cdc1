import type {
  AdminCampaign,
  AdminPayment,
  AdminSupportTicket,
  AdminUser,
  Campaign,
  SupportTicket,
} from '@ringcast/shared-types';
import * as adminApi from '../api/admin';
import { clearOnSignOut, createAdminListStore } from './adminListStore';

/** Every user, newest first. A `user:updated` push carries the whole row. */
export const useAdminUsersStore = createAdminListStore<AdminUser, AdminUser>({
  fetchPage: adminApi.fetchAdminUsers,
  isComplete: (_user): _user is AdminUser => true,
});

/**
 * Every campaign with its owner. A `campaign:updated` push lacks the owner and the list's stored
 * file name, so a new campaign, or one whose list changed, is re-read.
 */
export const useAdminCampaignsStore = createAdminListStore<AdminCampaign, Campaign>({
  fetchPage: adminApi.fetchAdminCampaigns,
  isComplete: (campaign): campaign is AdminCampaign => 'owner' in campaign,
  outdates: (campaign, held) => campaign.prospectListId !== held.prospectListId,
});

/** Every payment, newest first. A `payment:recorded` push carries the whole row. */
export const useAdminPaymentsStore = createAdminListStore<AdminPayment, AdminPayment>({
  fetchPage: adminApi.fetchAdminPayments,
  isComplete: (_payment): _payment is AdminPayment => true,
});

/**
 * Tickets that still need attention (closed ones leave the list). A `ticket:updated` push lacks
 * the owner's name and email, so a new ticket is re-read.
 */
export const useAdminTicketsStore = createAdminListStore<AdminSupportTicket, SupportTicket>({
  fetchPage: adminApi.fetchAdminTickets,
  isComplete: (ticket): ticket is AdminSupportTicket => 'email' in ticket,
  belongs: (ticket) => ticket.status !== 'closed',
});

for (const store of [useAdminUsersStore, useAdminCampaignsStore, useAdminPaymentsStore, useAdminTicketsStore])
  clearOnSignOut(store);
