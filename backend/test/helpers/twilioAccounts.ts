import { randomBytes } from 'node:crypto';
import { User } from '../../src/db/models';
import { encryptSecret } from '../../src/lib/secretBox';
import type { TwilioAccount } from '../../src/providers/twilio';
import { uniqueEmail } from './client';

/** A made-up Twilio account (SID and token) nobody has saved. */
export const unsavedTwilioAccount = (): TwilioAccount => ({
  accountSid: `AC${randomBytes(16).toString('hex')}`,
  authToken: randomBytes(16).toString('hex'),
});

/**
 * A customer who saved their own Twilio account with us (token sealed, as the profile saves it):
 * the only customer accounts the Twilio sandbox serves.
 */
export async function savedTwilioAccount(account = unsavedTwilioAccount(), phoneNumber = '+14155551234') {
  const user = await User.create({
    firstName: 'Tess',
    lastName: 'Twilio',
    email: uniqueEmail('twilio'),
    passwordHash: 'not-a-password-hash',
    twilioAccountSid: account.accountSid,
    twilioAuthTokenEncrypted: encryptSecret(account.authToken),
    twilioPhoneNumber: phoneNumber,
  });
  return { ...account, user };
}
