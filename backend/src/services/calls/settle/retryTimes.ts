import { QueryTypes, type Transaction } from 'sequelize';
import { nextCallDecision } from '@ringcast/shared-types';
import { sequelize } from '../../../db/sequelize';
import { callingAreasOf, callingRulesOf, prospectCallingArea, recentCallTimes } from '../dispatch';

interface RetriedRow {
  prospectId: number;
  phoneNumber: string;
  lastAttemptAt: Date;
  callingAreaId: number | null;
}

/**
 * When each prospect of a campaign whose call was busy or unanswered is tried again, as the
 * calling rules answer at the attempt's instant: the retry delay later, and no sooner than the
 * campaign's hours and days open in the prospect's zone (a retry due at 19:15 after a 16:05 close
 * waits for the next morning). A prospect the rules answer nothing for is left at the delay, for
 * the dispatcher to decide when it comes. The rows are locked already by the settling batch.
 */
export async function retryTimes(
  campaignId: number,
  userId: number,
  attempts: Map<number, number>,
  retry: { retryDelayMinutes: number; maxAttempts: number },
  transaction: Transaction,
): Promise<Map<number, Date>> {
  const times = new Map<number, Date>();
  const prospectIds = [...attempts.keys()];
  if (!prospectIds.length) return times;
  const [hours] = await sequelize.query<{
    callingHoursStart: string | null;
    callingHoursEnd: string | null;
    callingDays: string | null;
  }>('SELECT callingHoursStart, callingHoursEnd, callingDays FROM campaigns WHERE id = :campaignId', {
    replacements: { campaignId },
    type: QueryTypes.SELECT,
    transaction,
  });
  const rows = await sequelize.query<RetriedRow>(
    `SELECT prospectId, phoneNumber, lastAttemptAt, callingAreaId FROM campaign_prospects
      WHERE campaignId = :campaignId AND prospectId IN (:prospectIds) AND lastAttemptAt IS NOT NULL`,
    { replacements: { campaignId, prospectIds }, type: QueryTypes.SELECT, transaction },
  );
  if (!hours || !rows.length) return times;
  const rules = callingRulesOf({ ...hours, ...retry });
  const latest = new Date(Math.max(...rows.map((row) => new Date(row.lastAttemptAt).getTime())));
  const [areas, recent] = await Promise.all([
    callingAreasOf(rows.map((row) => row.callingAreaId)),
    recentCallTimes(
      userId,
      rows.map((row) => row.phoneNumber),
      latest,
    ),
  ]);
  for (const row of rows) {
    const calledAt = new Date(row.lastAttemptAt);
    const decision = nextCallDecision(
      { phoneNumber: row.phoneNumber, ...prospectCallingArea(row.phoneNumber, row.callingAreaId, areas) },
      rules,
      {
        attempts: attempts.get(Number(row.prospectId)) ?? 0,
        lastAttemptAt: calledAt,
        recentCalls: recent.get(row.phoneNumber) ?? [],
        onDoNotCallList: false,
        monthlyVolumeUsed: false,
      },
      calledAt,
    );
    const afterDelay = new Date(calledAt.getTime() + retry.retryDelayMinutes * 60_000);
    times.set(Number(row.prospectId), (!decision.call && decision.notBefore) || afterDelay);
  }
  return times;
}
