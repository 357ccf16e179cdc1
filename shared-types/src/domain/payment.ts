/** A payment row as the admin Payments tab lists it. */
export interface AdminPayment {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  campaignName: string | null;
  paymentIntentId: string;
  status: string;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  created: string;
  description: string | null;
}
