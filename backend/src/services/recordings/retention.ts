import { QueryTypes } from 'sequelize';
import { CallRecord } from '../../db/models';
import { sequelize } from '../../db/sequelize';
import { logger } from '../../logger';
import { removeCallRecording } from './callRecording';

/** Calls read at a time; each batch's removals run a few at once (Twilio's REST limits). */
const BATCH = 100;
const AT_ONCE = 5;

/**
 * Kept recordings of calls that began before their campaign's retention (`recordingRetentionDays`
 * days before `now`; null keeps them until deleted), after call `afterId`, in id order.
 */
const EXPIRED_SQL = `SELECT cr.id FROM call_records cr JOIN campaigns c ON c.id = cr.campaignId
  WHERE cr.recordingSid IS NOT NULL AND cr.recordingDeletedAt IS NULL AND cr.id > :afterId
    AND c.recordingRetentionDays IS NOT NULL
    AND COALESCE(cr.startedAt, cr.createdAt) < :now - INTERVAL c.recordingRetentionDays DAY
  ORDER BY cr.id LIMIT :limit`;

export interface RetentionRun {
  deleted: number;
  failed: number;
}

/**
 * The daily retention run: deletes (at Twilio, then ours) every recording past its campaign's
 * retention, a batch at a time. The state is in the rows, so a run killed midway is finished by the
 * next, and two runs side by side delete each recording once (the mark is conditional). A
 * recording Twilio would not remove this time is left for the next run; the run goes on past it.
 */
export async function deleteExpiredRecordings({ now = new Date() } = {}): Promise<RetentionRun> {
  const run: RetentionRun = { deleted: 0, failed: 0 };
  for (let afterId = 0; ;) {
    const rows = await sequelize.query<{ id: number }>(EXPIRED_SQL, {
      replacements: { afterId, now, limit: BATCH },
      type: QueryTypes.SELECT,
    });
    if (rows.length === 0) break;
    afterId = Number(rows[rows.length - 1]!.id);
    const calls = await CallRecord.findAll({ where: { id: rows.map((row) => Number(row.id)) } });
    for (let next = 0; next < calls.length; next += AT_ONCE) {
      await Promise.all(
        calls.slice(next, next + AT_ONCE).map(async (call) => {
          try {
            if (await removeCallRecording(call)) run.deleted++;
          } catch (err) {
            run.failed++;
            logger.warn({ err, callId: call.id }, 'expired recording not deleted; the next run tries again');
          }
        }),
      );
    }
    if (rows.length < BATCH) break;
  }
  if (run.deleted || run.failed) logger.info(run, 'recording retention run');
  return run;
}
