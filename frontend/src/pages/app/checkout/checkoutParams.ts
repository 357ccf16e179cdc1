import { MINIMUM_CHECKOUT_CENTS } from '@ringcast/shared-types';

export interface CheckoutParams {
  /** The campaign to pay for, or null when the link has none or a malformed one. */
  campaignId: number | null;
  /**
   * The amount the link asks for, in dollars, raised to the minimum (spec §5). Only a hint sent
   * with the intent request: the server prices the campaign itself and its amount is what shows.
   */
  amountDollars: number;
}

const MINIMUM_DOLLARS = MINIMUM_CHECKOUT_CENTS / 100;

/** Reads /checkout?campaignId=&amount=. */
export function parseCheckoutParams(search: URLSearchParams): CheckoutParams {
  const rawId = search.get('campaignId')?.trim() ?? '';
  const id = /^\d{1,12}$/.test(rawId) ? Number(rawId) : NaN;
  const amount = Number(search.get('amount'));
  return {
    campaignId: Number.isSafeInteger(id) && id > 0 ? id : null,
    amountDollars: Number.isFinite(amount) ? Math.max(MINIMUM_DOLLARS, amount) : MINIMUM_DOLLARS,
  };
}
