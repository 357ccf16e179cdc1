import { Op } from 'sequelize';
import { TWILIO_ACCOUNT_SID_PATTERN } from '@ringcast/shared-types';
import { User } from '../db/models';
import { logger } from '../logger';
import { decryptSecret } from '../lib/secretBox';
import { platformTwilioAccount } from '../providers/twilio';

/**
 * The auth token of a Twilio account we know: the platform's, or the one users saved for that
 * SID (decrypted). Null for any other SID, and when users saved the same SID with different
 * tokens: which of them is the account's cannot be told, and picking one would let whoever saved
 * it last act as the other's account.
 */
export async function knownTwilioAccountToken(accountSid: string): Promise<string | null> {
  const platform = platformTwilioAccount();
  if (accountSid === platform.accountSid) return platform.authToken;
  // Only a SID a user could have saved is looked up.
  if (!TWILIO_ACCOUNT_SID_PATTERN.test(accountSid)) return null;
  const rows = await User.findAll({
    where: { twilioAccountSid: accountSid, twilioAuthTokenEncrypted: { [Op.ne]: null } },
    attributes: ['id', 'twilioAccountSid', 'twilioAuthTokenEncrypted'],
  });
  const tokens = new Set<string>();
  // The column compares without case; a SID is matched exactly.
  for (const row of rows.filter((r) => r.twilioAccountSid === accountSid)) {
    try {
      tokens.add(decryptSecret(row.twilioAuthTokenEncrypted!));
    } catch (err) {
      logger.warn({ userId: row.id, err: (err as Error).message }, 'a saved Twilio auth token does not open');
    }
  }
  return tokens.size === 1 ? [...tokens][0]! : null;
}
