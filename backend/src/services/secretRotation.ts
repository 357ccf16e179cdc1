import { Op, type ModelStatic } from 'sequelize';
import { User } from '../db/models';
import { WebhookEndpoint } from '../db/models/webhooks';
import { CalendarConnection, CalendarFeed } from '../db/models/calendar';
import { decryptSecret, encryptSecret, isSealedWithCurrentKey } from '../lib/secretBox';

export interface RotationReport {
  /** Sealed again with ENCRYPTION_KEY just now. */
  resealed: number;
  /** Already sealed with ENCRYPTION_KEY: left alone. */
  current: number;
  /** Changed by someone else while this ran (a new token, sealed with ENCRYPTION_KEY): left alone. */
  changedMeanwhile: number;
  /** Ids of users whose token no configured key opens: left alone, named so someone can look. */
  unreadable: number[];
  /** Ids of webhook endpoints whose signing secret no configured key opens. */
  unreadableWebhookEndpoints: number[];
  /** Ids of Cal.com connections and calendar feeds whose key or token no configured key opens. */
  unreadableCalendarConnections: number[];
  unreadableCalendarFeeds: number[];
}

const BATCH = 500;

type Sealed = { id: number } & Record<string, unknown>;

/**
 * Re-seals one column's values with ENCRYPTION_KEY, a batch at a time; each write only replaces
 * the exact value read, so a value saved meanwhile is never overwritten. Answers the unreadable ids.
 */
async function resealColumn(
  model: ModelStatic<never>,
  column: string,
  report: RotationReport,
): Promise<number[]> {
  const table = model as unknown as ModelStatic<never> & {
    findAll(options: object): Promise<Sealed[]>;
    update(values: object, options: object): Promise<[number]>;
  };
  const unreadable: number[] = [];
  let afterId = 0;
  for (;;) {
    const rows = await table.findAll({
      where: { id: { [Op.gt]: afterId }, [column]: { [Op.ne]: null } },
      attributes: ['id', column],
      order: [['id', 'ASC']],
      limit: BATCH,
    });
    for (const row of rows) {
      const sealed = row[column] as string;
      if (isSealedWithCurrentKey(sealed)) {
        report.current++;
        continue;
      }
      let plain: string;
      try {
        plain = decryptSecret(sealed);
      } catch {
        unreadable.push(row.id);
        continue;
      }
      const [written] = await table.update(
        { [column]: encryptSecret(plain) },
        { where: { id: row.id, [column]: sealed } },
      );
      if (written) report.resealed++;
      else report.changedMeanwhile++;
    }
    if (rows.length < BATCH) return unreadable;
    afterId = rows[rows.length - 1]!.id;
  }
}

/**
 * Re-seals every stored secret (users' Twilio tokens, webhook endpoints' signing secrets) with
 * ENCRYPTION_KEY (`npm run rotate-keys`). Safe to run again and while the app serves: a value
 * already under the current key is skipped, and a value saved meanwhile is left as it is.
 */
export async function rotateStoredSecrets(): Promise<RotationReport> {
  const report: RotationReport = {
    resealed: 0,
    current: 0,
    changedMeanwhile: 0,
    unreadable: [],
    unreadableWebhookEndpoints: [],
    unreadableCalendarConnections: [],
    unreadableCalendarFeeds: [],
  };
  report.unreadable = await resealColumn(User as never, 'twilioAuthTokenEncrypted', report);
  report.unreadableWebhookEndpoints = await resealColumn(WebhookEndpoint as never, 'secretEncrypted', report);
  report.unreadableCalendarConnections = await resealColumn(
    CalendarConnection as never,
    'apiKeyEncrypted',
    report,
  );
  report.unreadableCalendarFeeds = await resealColumn(CalendarFeed as never, 'tokenEncrypted', report);
  return report;
}
