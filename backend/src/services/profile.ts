import { Op, UniqueConstraintError } from 'sequelize';
import { INVALID_PHONE, toE164, type ProfileInput, type TwilioInput } from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { User } from '../db/models';
import { badRequest, conflict } from '../errors';
import { encryptSecret } from '../lib/secretBox';
import { EMAIL_TAKEN, normalizeEmail } from './users';
import { publishUserUpdated } from './userEvents';

/** A phone field as typed (national or international), in E.164: how every number is stored and dialled. */
function storedPhone(field: 'phoneNumber' | 'twilioPhoneNumber', raw: string): string {
  const e164 = toE164(raw);
  if (!e164) throw badRequest(INVALID_PHONE, { [field]: INVALID_PHONE });
  return e164;
}

/** Saves the profile fields. A changed email must not belong to another account. */
export async function updateProfile(userId: number, input: ProfileInput): Promise<User> {
  const email = normalizeEmail(input.email);
  const phoneNumber = storedPhone('phoneNumber', input.phoneNumber);
  try {
    return await sequelize.transaction(async (transaction) => {
      const user = await User.findByPk(userId, { transaction, lock: true, rejectOnEmpty: true });
      if (email !== user.email) {
        const taken = await User.findOne({
          where: { email, id: { [Op.ne]: userId } },
          attributes: ['id'],
          transaction,
        });
        if (taken) throw conflict(EMAIL_TAKEN);
      }
      const { firstName, lastName, companyName } = input;
      const updated = await user.update(
        { firstName, lastName, email, companyName, phoneNumber },
        { transaction },
      );
      publishUserUpdated(updated, transaction);
      return updated;
    });
  } catch (err) {
    // Two accounts racing for one email: the unique index decides.
    if (err instanceof UniqueConstraintError) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

/** Saves the Twilio credentials; the auth token is stored only encrypted. */
export async function updateTwilioSettings(userId: number, input: TwilioInput): Promise<User> {
  const user = await User.findByPk(userId, { rejectOnEmpty: true });
  const updated = await user.update({
    twilioAccountSid: input.twilioAccountSid,
    twilioAuthTokenEncrypted: encryptSecret(input.twilioAuthToken),
    twilioPhoneNumber: storedPhone('twilioPhoneNumber', input.twilioPhoneNumber),
  });
  publishUserUpdated(updated);
  return updated;
}
