import type {
  AdminSupportTicket,
  Campaign,
  SetupFlag,
  SupportTicket,
  TicketStatus,
  UpdateCampaignStatsInput,
} from '@ringcast/shared-types';
import * as adminApi from '../api/admin';
import { useAdminCampaignsStore, useAdminTicketsStore } from './adminStores';

/*
 * The admin's writes. Each answer goes into its store at once (the push that follows carries the
 * same row and changes nothing), so the screen does not wait for the socket.
 */

/** Spec §4: every ticket action sends the response text with the new status. */
export async function respondToTicket(
  ticket: AdminSupportTicket,
  status: TicketStatus,
  adminResponse: string,
): Promise<SupportTicket> {
  const updated = await adminApi.updateAdminTicket(ticket.id, { status, adminResponse });
  useAdminTicketsStore.getState().receive(updated);
  return updated;
}

export async function saveCampaignStats(
  campaignId: number,
  input: UpdateCampaignStatsInput,
): Promise<Campaign> {
  const campaign = await adminApi.updateCampaignStats(campaignId, input);
  useAdminCampaignsStore.getState().receive(campaign);
  return campaign;
}

export async function setCampaignSetupFlag(
  campaignId: number,
  flag: SetupFlag,
  value: boolean,
): Promise<Campaign> {
  const campaign = await adminApi.updateCampaignSetupFlag(campaignId, flag, value);
  useAdminCampaignsStore.getState().receive(campaign);
  return campaign;
}
