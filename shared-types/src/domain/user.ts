/** A user as the API presents it. Never carries a password hash or a raw Twilio token. */
export interface User {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** Avatar image URL, when the user has one. */
  profileImageUrl: string | null;
  companyName: string | null;
  phoneNumber: string | null;
  twilioAccountSid: string | null;
  /** Masked (only the last four characters shown), or null when not configured. */
  twilioAuthToken: string | null;
  twilioPhoneNumber: string | null;
  stripeCustomerId: string | null;
  isAdmin: boolean;
  createdAt: string;
}
