import { checkoutTotalCents, type PricedDraft } from '@ringcast/shared-types';

/** "670" for whole dollars, "670.50" otherwise. */
const dollarsParam = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/**
 * Where a campaign is paid for: checkout with the campaign and the amount it will charge (in
 * dollars, from the shared pricing). Used by the wizard's Proceed to Payment and a draft's card.
 */
export const checkoutPath = (campaignId: number, campaign: PricedDraft) =>
  `/checkout?campaignId=${campaignId}&amount=${dollarsParam(checkoutTotalCents(campaign))}`;
