import { Op } from 'sequelize';
import {
  DEFAULT_NOTIFICATION_TIME_ZONE,
  LEAD_ALERT_OUTCOMES,
  LEAD_DIGEST_HOUR,
  addDays,
  instantOfLocal,
  localTimeAt,
} from '@ringcast/shared-types';
import { CallRecord, CampaignAlertRecipient, NotificationSetting, User } from '../../db/models';
import { redisKey, sharedRedis } from '../../redis';
import { enqueueMail } from '../mail';
import { formatZonedTime, leadFactsOf } from './leadFacts';
import { recipientUnsubscribeUrl, unsubscribeUrl } from './unsubscribe';

/** Kept a little past the day it marks, so a run late in the hour still sees it. */
const SENT_MARK_SECONDS = 3 * 24 * 3600;

type Day = { year: number; month: number; day: number };
const dayKey = (d: Day) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

function dayName(day: Day): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(day.year, day.month - 1, day.day)));
}

/**
 * One user's digest of the day before `today` (their calendar): the calls of theirs that settled
 * that day with a lead outcome, to the owner (every lead) and to each extra address (the leads of
 * the campaigns that list it). Nothing when there was no lead. Each mail's id names the user, the
 * day and the address.
 */
export async function sendLeadDigest(userId: number, today: Day, timeZone: string): Promise<number> {
  const yesterday = addDays(today, -1);
  const from = new Date(instantOfLocal(yesterday, 0, timeZone));
  const to = new Date(instantOfLocal(today, 0, timeZone));
  const calls = await CallRecord.findAll({
    where: {
      userId,
      test: false,
      outcome: [...LEAD_ALERT_OUTCOMES],
      settledAt: { [Op.gte]: from, [Op.lt]: to },
    },
    order: [['settledAt', 'ASC']],
  });
  const owner = await User.findByPk(userId, { attributes: ['id', 'email', 'companyName'] });
  if (!calls.length || !owner) return 0;
  const facts = await leadFactsOf(calls, timeZone);
  const extra = await CampaignAlertRecipient.findAll({
    where: { campaignId: [...new Set(calls.map((call) => call.campaignId))] },
  });
  const entries = calls.map((call) => {
    const fact = facts.get(call.id)!;
    const time = formatZonedTime(call.settledAt!, timeZone, { date: false }) ?? call.settledAt!.toISOString();
    return { campaignId: call.campaignId, entry: { ...fact, time } };
  });
  const ownerEmail = owner.email.toLowerCase();
  const mails = [
    { to: ownerEmail, unsubscribe: unsubscribeUrl(owner.id, 'leadAlerts'), leads: entries },
    ...[...new Set(extra.map((row) => row.email))]
      .filter((email) => email !== ownerEmail)
      .map((email) => {
        const campaigns = new Set(extra.filter((row) => row.email === email).map((row) => row.campaignId));
        return {
          to: email,
          // Their link takes them off the first of their campaigns; a digest lists few.
          unsubscribe: recipientUnsubscribeUrl([...campaigns][0]!, email),
          leads: entries.filter(({ campaignId }) => campaigns.has(campaignId)),
        };
      }),
  ];
  for (const mail of mails) {
    await enqueueMail({
      id: `lead-digest:${userId}:${dayKey(yesterday)}:${mail.to}`,
      to: mail.to,
      template: 'leadDigest',
      data: {
        day: dayName(yesterday),
        leads: mail.leads.map(({ entry }) => entry),
        businessName: owner.companyName ?? null,
        unsubscribeUrl: mail.unsubscribe,
      },
    });
  }
  return mails.length;
}

/**
 * The digest run (a job scheduler, every 15 minutes): each user who chose the digest and whose
 * clock shows the 8 o'clock hour gets yesterday's leads, once a day. A mark in Redis per user and
 * day keeps the later runs of that hour (and a second worker) from sending it again; it is taken
 * back when queueing fails, so the next run tries again.
 */
export async function sendDueLeadDigests(now = new Date()): Promise<{ users: number; mails: number }> {
  const rows = await NotificationSetting.findAll({
    where: { leadAlerts: 'digest' },
    attributes: ['userId', 'timeZone'],
  });
  let users = 0;
  let mails = 0;
  for (const row of rows) {
    const zone = row.timeZone || DEFAULT_NOTIFICATION_TIME_ZONE;
    const local = localTimeAt(now, zone);
    if (Math.floor(local.minute / 60) !== LEAD_DIGEST_HOUR) continue;
    const mark = redisKey('lead-digest', row.userId, dayKey(local));
    if ((await sharedRedis().set(mark, '1', 'EX', SENT_MARK_SECONDS, 'NX')) !== 'OK') continue;
    try {
      mails += await sendLeadDigest(row.userId, local, zone);
      users++;
    } catch (err) {
      await sharedRedis().del(mark);
      throw err;
    }
  }
  return { users, mails };
}
