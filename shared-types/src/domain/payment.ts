/** A payment row as the admin Payments tab lists it. */
export interface AdminPayment {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** The campaign's name; a deleted campaign's as it was when deleted (see campaignDeleted). */
  campaignName: string | null;
  /** The campaign paid for no longer exists (DESIGN decision 10: its payments stay, with its name). */
  campaignDeleted: boolean;
  paymentIntentId: string;
  status: string;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  created: string;
  description: string | null;
}

/** How the admin Payments tab names the campaign a payment was for. */
export const paymentCampaignLabel = (payment: Pick<AdminPayment, 'campaignName' | 'campaignDeleted'>) =>
  payment.campaignName === null
    ? 'No campaign'
    : payment.campaignDeleted
      ? `${payment.campaignName} (deleted)`
      : payment.campaignName;
