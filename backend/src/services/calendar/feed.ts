/**
 * The private calendar address of each user (`/calendar/<token>.ics`) that Google Calendar, Outlook
 * and Apple Calendar subscribe to. The token is 32 random bytes; only its SHA-256 finds the feed,
 * and a sealed copy lets /account show the same address again. A reset replaces it: the old address
 * then answers 404.
 */
import { createHash, randomBytes } from 'node:crypto';
import { UniqueConstraintError } from 'sequelize';
import { config } from '../../config';
import { CalendarFeed } from '../../db/models/calendar';
import { decryptSecret, encryptSecret } from '../../lib/secretBox';
import { calendarOfAppointments } from './feedIcs';

/** 32 bytes, base64url: 43 characters. Anything else is not a token and answers 404 unread. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const urlOf = (token: string) => `${config.publicUrl}/calendar/${token}.ics`;

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashOf(token), tokenEncrypted: encryptSecret(token) };
}

/** The user's feed address, made on first ask (two first asks at once agree on one). */
export async function calendarFeedUrl(userId: number): Promise<{ url: string }> {
  const existing = await CalendarFeed.findOne({ where: { userId } });
  if (existing) return { url: urlOf(decryptSecret(existing.tokenEncrypted)) };
  const { token, ...sealed } = newToken();
  try {
    await CalendarFeed.create({ userId, ...sealed });
    return { url: urlOf(token) };
  } catch (err) {
    if (!(err instanceof UniqueConstraintError)) throw err;
    const made = await CalendarFeed.findOne({ where: { userId }, rejectOnEmpty: true });
    return { url: urlOf(decryptSecret(made.tokenEncrypted)) };
  }
}

/** A new address for the user; the old one stops working at once. */
export async function resetCalendarFeed(userId: number): Promise<{ url: string }> {
  const { token, ...sealed } = newToken();
  const [updated] = await CalendarFeed.update(sealed, { where: { userId } });
  if (!updated) await CalendarFeed.upsert({ userId, ...sealed });
  return { url: urlOf(token) };
}

/** The iCalendar text of the feed a token opens; null for a token that opens none. */
export async function calendarFeedFor(token: string): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const feed = await CalendarFeed.findOne({ where: { tokenHash: hashOf(token) } });
  return feed ? calendarOfAppointments(feed.userId) : null;
}
