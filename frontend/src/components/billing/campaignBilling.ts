import type { Campaign } from '@ringcast/shared-types';
import { formatDate } from '../campaigns/format';

/**
 * The billing fields a campaign carries once monthly billing is on (its subscription's state).
 * Read through campaignBilling(), which tolerates a campaign presented without them.
 */
export interface CampaignBillingFields {
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  overage: boolean;
}

const isoOrNull = (value: unknown): string | null =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;

/** A campaign's subscription state, with safe defaults when the server did not send it. */
export function campaignBilling(campaign: Campaign): CampaignBillingFields {
  const fields = campaign as Campaign & Partial<Record<keyof CampaignBillingFields, unknown>>;
  return {
    cancelAtPeriodEnd: fields.cancelAtPeriodEnd === true,
    currentPeriodStart: isoOrNull(fields.currentPeriodStart),
    currentPeriodEnd: isoOrNull(fields.currentPeriodEnd),
    overage: fields.overage === true,
  };
}

/** "Dec 6, 2026 – Jan 6, 2027", or null while either end is unknown. */
export function formatPeriod(start: string | null, end: string | null): string | null {
  return start && end ? `${formatDate(start)} – ${formatDate(end)}` : null;
}

/** Where "Update card" leads: the Billing section of /account, with its card form open. */
export const UPDATE_CARD_PATH = '/account?updateCard=1#billing';

/** A campaign that stopped for good: nothing about it can be changed any more, its records stay. */
export const isReadOnlyCampaign = (campaign: Pick<Campaign, 'status'>) => campaign.status === 'canceled';
