import type { Transaction } from 'sequelize';
import type {
  NotificationCategory,
  NotificationSettings,
  NotificationSettingsInput,
} from '@ringcast/shared-types';
import { NotificationSetting } from '../../db/models';

/** What a user without a row gets: each call's alert, every category on, no zone chosen. */
export const DEFAULT_SETTINGS: NotificationSettings = {
  leadAlerts: 'each',
  campaignEvents: true,
  ticketAnswers: true,
  timeZone: null,
};

const settingsOf = (row: NotificationSetting | null): NotificationSettings =>
  row
    ? {
        leadAlerts: row.leadAlerts,
        campaignEvents: row.campaignEvents,
        ticketAnswers: row.ticketAnswers,
        timeZone: row.timeZone ?? null,
      }
    : { ...DEFAULT_SETTINGS };

export async function getNotificationSettings(
  userId: number,
  transaction?: Transaction,
): Promise<NotificationSettings> {
  return settingsOf(await NotificationSetting.findByPk(userId, { transaction }));
}

/** Many users' settings in one read (the digest run, a ticket answer to its owner). */
export async function notificationSettingsOf(userIds: number[]): Promise<Map<number, NotificationSettings>> {
  const rows = userIds.length ? await NotificationSetting.findAll({ where: { userId: userIds } }) : [];
  const byUser = new Map(rows.map((row) => [row.userId, row]));
  return new Map(userIds.map((id) => [id, settingsOf(byUser.get(id) ?? null)]));
}

/**
 * Saves the whole choice (an upsert: the row is made on the first save). A time zone left out keeps
 * the one stored; null clears it.
 */
export async function updateNotificationSettings(
  userId: number,
  input: NotificationSettingsInput,
): Promise<NotificationSettings> {
  const { leadAlerts, campaignEvents, ticketAnswers } = input;
  const values = {
    userId,
    leadAlerts,
    campaignEvents,
    ticketAnswers,
    ...(input.timeZone !== undefined && { timeZone: input.timeZone || null }),
  };
  await NotificationSetting.upsert(values);
  return getNotificationSettings(userId);
}

/** Turns one category off (an unsubscribe link); the others stay as they were. */
export async function turnOffCategory(userId: number, category: NotificationCategory): Promise<void> {
  const off = category === 'leadAlerts' ? { leadAlerts: 'off' as const } : { [category]: false };
  await NotificationSetting.upsert({ ...(await getNotificationSettings(userId)), ...off, userId });
}
