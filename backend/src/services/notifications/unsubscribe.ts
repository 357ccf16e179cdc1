import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  UNSUBSCRIBE_INVALID,
  type NotificationCategory,
  type UnsubscribeResult,
} from '@ringcast/shared-types';
import { config } from '../../config';
import { derivedSecret } from '../../configValues';
import { CampaignAlertRecipient, User } from '../../db/models';
import { badRequest } from '../../errors';
import { turnOffCategory } from './settings';

/**
 * Unsubscribe links need no sign-in: the token names whose mail stops and which, signed with a key
 * derived from SESSION_SECRET (HMAC-SHA256), so nobody can make one for another account. A token
 * never expires: a mail read a year later must still stop the mail. Either a user's category
 * (`u`, `c`) or an extra address of a campaign's lead alerts (`r`, `e`), which is removed.
 */
type Subject = { u: number; c: NotificationCategory } | { r: number; e: string };

const key = () => derivedSecret(config.sessionSecret, 'unsubscribe-link');
const sign = (body: string) => createHmac('sha256', key()).update(body).digest('base64url');

function tokenOf(subject: Subject): string {
  const body = Buffer.from(JSON.stringify(subject)).toString('base64url');
  return `${body}.${sign(body)}`;
}

const linkOf = (subject: Subject) => `${config.publicUrl}/unsubscribe?token=${tokenOf(subject)}`;

/** The link in every non-security mail to a user: opening it turns that category off. */
export const unsubscribeUrl = (userId: number, category: NotificationCategory) =>
  linkOf({ u: userId, c: category });

/** The link in a lead alert to a campaign's extra address: opening it takes the address off the campaign. */
export const recipientUnsubscribeUrl = (campaignId: number, email: string) =>
  linkOf({ r: campaignId, e: email });

/** The token's subject, or null when it is malformed or its signature does not match. */
export function readUnsubscribeToken(token: string): Subject | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = Buffer.from(sign(body), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const subject = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Subject;
    if ('u' in subject && Number.isInteger(subject.u) && NOTIFICATION_CATEGORIES.includes(subject.c))
      return subject;
    if ('r' in subject && Number.isInteger(subject.r) && typeof subject.e === 'string') return subject;
  } catch {
    // Signed by us but unreadable cannot happen; answered as invalid all the same.
  }
  return null;
}

/** Stops what the token names; 400 for a token we did not sign. Doing it twice changes nothing. */
export async function unsubscribe(token: string): Promise<UnsubscribeResult> {
  const subject = readUnsubscribeToken(token);
  if (!subject) throw badRequest(UNSUBSCRIBE_INVALID, { token: UNSUBSCRIBE_INVALID });
  if ('r' in subject) {
    await CampaignAlertRecipient.destroy({ where: { campaignId: subject.r, email: subject.e } });
    return {
      category: 'leadAlerts',
      message: `${subject.e} will no longer get this campaign's lead alerts.`,
    };
  }
  // A deleted account's link stops nothing, and says only that it is done.
  if (await User.findByPk(subject.u, { attributes: ['id'] })) await turnOffCategory(subject.u, subject.c);
  return {
    category: subject.c,
    message: `You will no longer get ${NOTIFICATION_CATEGORY_LABELS[subject.c]}.`,
  };
}
