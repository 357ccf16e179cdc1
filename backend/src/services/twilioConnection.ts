import {
  TWILIO_NUMBER_NOT_OWNED,
  TWILIO_REFUSED_CREDENTIALS,
  TWILIO_UNREACHABLE,
  type TwilioConnection,
} from '@ringcast/shared-types';
import { decryptSecret } from '../lib/secretBox';
import type { CurrentUser } from '../lib/userCache';
import { logger } from '../logger';
import { isTwilioError, twilioClient } from '../providers/twilio';

/** Twilio's answer to credentials it does not know (wrong SID or token). */
const BAD_CREDENTIALS = 20003;

/**
 * Asks Twilio whether the owner's saved credentials work: the account answers to them, and the
 * saved number is in that account (what a campaign on their own number needs to dial).
 */
export async function checkTwilioConnection(user: CurrentUser): Promise<TwilioConnection> {
  const { twilioAccountSid: accountSid, twilioAuthTokenEncrypted: sealed, twilioPhoneNumber } = user;
  if (!accountSid || !sealed || !twilioPhoneNumber) return { status: 'not_configured' };
  const phoneNumber = twilioPhoneNumber;
  const failed = (message: string): TwilioConnection => ({ status: 'failed', phoneNumber, message });
  try {
    const client = twilioClient({ accountSid, authToken: decryptSecret(sealed) });
    await client.api.v2010.accounts(accountSid).fetch();
    const owned = await client.incomingPhoneNumbers.list({ phoneNumber, limit: 1 });
    return owned.length > 0 ? { status: 'connected', phoneNumber } : failed(TWILIO_NUMBER_NOT_OWNED);
  } catch (err) {
    if (isTwilioError(err, BAD_CREDENTIALS) || (isTwilioError(err) && err.status === 401))
      return failed(TWILIO_REFUSED_CREDENTIALS);
    logger.info({ userId: user.id, err: (err as Error).message }, 'could not check the Twilio settings');
    return failed(TWILIO_UNREACHABLE);
  }
}
