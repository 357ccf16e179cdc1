import { campaignCallerId } from '@ringcast/shared-types';
import { platformTwilioAccount, type TwilioAccount } from '../../../providers/twilio';
import { decryptSecret } from '../../../lib/secretBox';
import { findCurrentUser, type CurrentUser } from '../../../lib/userCache';

/** The account a campaign's calls go through, and the number they come from. */
export interface CallLine {
  account: TwilioAccount;
  /** E.164; null until the campaign's number is bought (or the customer saves theirs). */
  fromNumber: string | null;
  /** The customer's own Twilio account rather than ours. */
  customerAccount: boolean;
}

type LineCampaign = { userId: number; useProvidedNumber: boolean; providedPhoneNumber?: string | null };

function customerAccount(user: CurrentUser): TwilioAccount | null {
  if (!user.twilioAccountSid || !user.twilioAuthTokenEncrypted) return null;
  return { accountSid: user.twilioAccountSid, authToken: decryptSecret(user.twilioAuthTokenEncrypted) };
}

/**
 * Our platform account with the number bought for the campaign, or, when the customer brings their
 * own, their account, decrypted token and number. Null when the customer's credentials are missing.
 */
export async function callLineFor(campaign: LineCampaign): Promise<CallLine | null> {
  if (campaign.useProvidedNumber) {
    return {
      account: platformTwilioAccount(),
      fromNumber: campaignCallerId(campaign, null),
      customerAccount: false,
    };
  }
  const user = await findCurrentUser(campaign.userId);
  const account = user && customerAccount(user);
  if (!user || !account) return null;
  return { account, fromNumber: campaignCallerId(campaign, user.twilioPhoneNumber), customerAccount: true };
}

/**
 * The account that placed a call (its record's accountSid), with its token: what signs the call's
 * callbacks and what may fetch or change it. Never an account named by a request itself.
 */
export async function accountForCall(call: {
  accountSid: string | null;
  userId: number;
}): Promise<TwilioAccount | null> {
  if (!call.accountSid) return null;
  const platform = platformTwilioAccount();
  if (call.accountSid === platform.accountSid) return platform;
  const user = await findCurrentUser(call.userId);
  const account = user && customerAccount(user);
  return account && account.accountSid === call.accountSid ? account : null;
}
