import { UniqueConstraintError } from 'sequelize';
import { splitFullName, type LoginInput, type RegisterInput } from '@ringcast/shared-types';
import { User } from '../db/models';
import { conflict, HttpError } from '../errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../lib/passwords';
import { beginSignInAttempt, rememberSignInAddress } from '../lib/loginThrottle';
import { publishUserUpdated } from './userEvents';

export const EMAIL_TAKEN = 'An account with this email already exists.';
export const INVALID_CREDENTIALS = 'Invalid email or password';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Creates the account; `ip`, the address it signed up from, counts as the account's own from then on. */
export async function registerUser(input: RegisterInput, ip: string): Promise<User> {
  const email = normalizeEmail(input.email);
  const { firstName, lastName } = splitFullName(input.fullName);
  if (await User.findOne({ where: { email }, attributes: ['id'] })) throw conflict(EMAIL_TAKEN);
  try {
    const user = await User.create({
      firstName,
      lastName,
      email,
      passwordHash: await hashPassword(input.password),
    });
    publishUserUpdated(user);
    await rememberSignInAddress(email, ip);
    return user;
  } catch (err) {
    // Two sign-ups racing for one email: the unique index decides.
    if (err instanceof UniqueConstraintError) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

export async function authenticateUser(input: LoginInput, ip: string): Promise<User> {
  const email = normalizeEmail(input.email);
  const attempt = await beginSignInAttempt(email, ip);
  const user = await User.findOne({ where: { email } });
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !valid) throw new HttpError(401, INVALID_CREDENTIALS, 'invalid_credentials');
  await attempt.succeeded();
  return user;
}
