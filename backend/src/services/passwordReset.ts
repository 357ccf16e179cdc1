import crypto from 'node:crypto';
import type { Transaction } from 'sequelize';
import { RESET_LINK_MESSAGES, RESET_LINK_MINUTES, type ResetPasswordInput } from '@ringcast/shared-types';
import { sequelize } from '../db/sequelize';
import { logger } from '../logger';
import { PasswordResetToken, User } from '../db/models';
import { badRequest } from '../errors';
import { hashPassword } from '../lib/passwords';
import { consumeRateLimits } from '../lib/rateLimit';
import { rememberSignInAddress } from '../lib/loginThrottle';
import { disconnectUserSockets } from '../events/socketMembership';
import { appLink, enqueueMail } from './mail';
import { normalizeEmail } from './users';

/**
 * Password reset by email. The link's token is 32 random bytes; only its SHA-256 is stored (a
 * copy of the database opens no account), and a token works for an hour, once. A changed password
 * ends every session signed in before it (users.passwordChangedAt, checked wherever a session is
 * read) and closes their sockets.
 */

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new reset token for the user: the token itself (for the link) and its stored row. */
export async function issuePasswordResetToken(
  userId: number,
  transaction?: Transaction,
): Promise<{ token: string; row: PasswordResetToken }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const row = await PasswordResetToken.create(
    { userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000) },
    { transaction },
  );
  return { token, row };
}

/**
 * Sends a reset link when the email has an account, and nothing otherwise; the caller answers the
 * same either way. Counted per address and per email (known or not) before anything else. The
 * link is made and queued after the answer: a known address answers as fast as an unknown one,
 * so the time taken tells nobody who has an account.
 */
export async function requestPasswordReset(email: string, ip: string): Promise<void> {
  const address = normalizeEmail(email);
  await consumeRateLimits([
    { name: 'forgotPasswordPerAddress', subject: ip },
    { name: 'forgotPasswordPerEmail', subject: address },
  ]);
  const user = await User.findOne({ where: { email: address }, attributes: ['id', 'email', 'firstName'] });
  if (!user) return;
  sendResetLink(user).catch((err: unknown) =>
    logger.error({ err, userId: user.id }, 'could not send a password reset link'),
  );
}

async function sendResetLink(user: Pick<User, 'id' | 'email' | 'firstName'>): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const { token, row } = await issuePasswordResetToken(user.id, transaction);
    await enqueueMail(
      {
        id: `password-reset:${row.id}`,
        to: user.email,
        template: 'passwordReset',
        data: {
          firstName: user.firstName,
          url: appLink(`/reset-password?token=${token}`),
          minutes: RESET_LINK_MINUTES,
        },
      },
      { transaction },
    );
  });
}

/** The token's row when it may still set a password; 400 saying why otherwise. */
async function usableToken(token: string): Promise<PasswordResetToken> {
  const row = await PasswordResetToken.findOne({ where: { tokenHash: hashToken(token) } });
  if (!row) throw badRequest(RESET_LINK_MESSAGES.invalid);
  if (row.usedAt) throw badRequest(RESET_LINK_MESSAGES.used);
  if (row.expiresAt.getTime() <= Date.now()) throw badRequest(RESET_LINK_MESSAGES.expired);
  return row;
}

const changedAtText = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Sets the new password with a reset token, once: every session signed in before now ends, their
 * sockets close, every other link sent to the user stops working, and the user is emailed. The
 * route then signs this browser in.
 */
export async function resetPassword(input: ResetPasswordInput, ip: string): Promise<User> {
  const token = await usableToken(input.token);
  const passwordHash = await hashPassword(input.password);
  const user = await sequelize.transaction(async (transaction) => {
    const now = new Date();
    // Taken by a conditional update: of two requests with one link, only one changes the password.
    const [taken] = await PasswordResetToken.update(
      { usedAt: now },
      { where: { id: token.id, usedAt: null }, transaction },
    );
    if (!taken) throw badRequest(RESET_LINK_MESSAGES.used);
    const owner = await User.findByPk(token.userId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!owner) throw badRequest(RESET_LINK_MESSAGES.invalid);
    await owner.update({ passwordHash, passwordChangedAt: now }, { transaction });
    await PasswordResetToken.update(
      { usedAt: now },
      { where: { userId: owner.id, usedAt: null }, transaction },
    );
    await enqueueMail(
      {
        id: `password-changed:${token.id}`,
        to: owner.email,
        template: 'passwordChanged',
        data: { firstName: owner.firstName, signInUrl: appLink('/login'), changedAt: changedAtText(now) },
      },
      { transaction },
    );
    return owner;
  });
  disconnectUserSockets(user.id);
  // The link proved the mailbox is theirs: this address counts as the account's own for sign-ins.
  await rememberSignInAddress(user.email, ip);
  return user;
}
