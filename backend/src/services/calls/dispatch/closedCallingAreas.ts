import { QueryTypes, type Transaction } from 'sequelize';
import { callingAreaClosedNow, type DecisionCampaign, type NoCallReason } from '@ringcast/shared-types';
import { sequelize } from '../../../db/sequelize';
import { logger } from '../../../logger';
import { redisKey, sharedRedis } from '../../../redis';
import { allCallingAreas, type CallingArea } from './callingAreas';
import { ProspectWaits } from './prospectWaits';

/**
 * Due prospects moved per statement (each holds its rows' locks for a fraction of a second), and
 * the time a dispatcher run spends sweeping: a longer sweep goes on at the next run, so the other
 * campaigns are not held up behind one zone's backlog.
 */
const SWEEP_CHUNK = 2_000;
const SWEEP_BUDGET_MS = 1_000;
/**
 * A calling area found open, and open still this much later, is looked at again then (a window is hours
 * long, so it stays open in between); one about to close, at every run; one closed, when it opens.
 */
const OPEN_CHECKED_FOR_MS = 15_000;
/** How long a campaign's record of the closings it swept is kept. */
const SWEPT_KEPT_SECONDS = 3 * 86_400;

interface Closing {
  callingAreaId: number;
  reason: NoCallReason;
  notBefore: Date;
}

/** A calling area's closing (null while open) under some rules, and the instants that answer holds for. */
interface CheckedCallingArea {
  from: number;
  until: number;
  closing: Closing | null;
}

const checked = new Map<string, CheckedCallingArea>();

function checkCallingArea(area: CallingArea, rules: DecisionCampaign, at: number): CheckedCallingArea {
  const closed = callingAreaClosedNow(area, rules, new Date(at));
  if (closed)
    return { from: at, until: closed.notBefore.getTime(), closing: { callingAreaId: area.id, ...closed } };
  const openStill = !callingAreaClosedNow(area, rules, new Date(at + OPEN_CHECKED_FOR_MS));
  return { from: at, until: openStill ? at + OPEN_CHECKED_FOR_MS : at, closing: null };
}

/** The areas whose window is closed at `now` under these rules, with when each opens again. */
async function closedCallingAreas(rules: DecisionCampaign, now: Date): Promise<Closing[]> {
  const at = now.getTime();
  const rulesKey = JSON.stringify(rules);
  if (checked.size > 50_000) checked.clear();
  const closings: Closing[] = [];
  for (const area of await allCallingAreas()) {
    const key = `${rulesKey}|${area.id}`;
    let known = checked.get(key);
    if (!known || at < known.from || at >= known.until) {
      known = checkCallingArea(area, rules, at);
      checked.set(key, known);
    }
    if (known.closing) closings.push(known.closing);
  }
  return closings;
}

const sweptKey = (campaignId: number) => redisKey('dialer', 'swept-closings', campaignId);

/**
 * The campaign's prospects were all made due again (new rules, a new list): the closings already
 * swept are swept again, once the change is committed.
 */
export function sweepClosingsAgain(campaignId: number, transaction?: Transaction | null): void {
  const forget = () => {
    sharedRedis()
      .del(sweptKey(campaignId))
      .catch((err: unknown) => logger.warn({ err, campaignId }, 'could not forget the swept closings'));
  };
  if (transaction) transaction.afterCommit(forget);
  else forget();
}

export interface CallingAreaSweep {
  /** Closings of areas swept (or being swept) in this run. */
  areas: number;
  /** Due prospects read, and of those moved to their calling area's opening. */
  read: number;
  moved: number;
  /** False when the run's share of work ran out first: the next run goes on. */
  done: boolean;
}

/**
 * When a calling area's window closes, every due prospect there is moved to its next opening at once,
 * whatever its own history (a retry or a cap only makes its time later, and it is decided again
 * when due). The dispatcher's read then finds only prospects of open areas, and a campaign whose
 * biggest zone just closed goes on calling its other zones at once instead of working through
 * that zone's backlog a batch at a time. Each closing is swept once per campaign (recorded in
 * Redis); prospects that fall due in a closed area afterwards are few, and the dispatcher's
 * batches move them as they come. The sweep reads the due range of the dispatcher's index and
 * moves rows in chunks, each written as the dispatcher's own moves are.
 */
export async function sweepClosedCallingAreas(
  campaignId: number,
  rules: DecisionCampaign,
  now: Date,
): Promise<CallingAreaSweep> {
  const closings = await closedCallingAreas(rules, now);
  const sweep: CallingAreaSweep = { areas: 0, read: 0, moved: 0, done: true };
  if (!closings.length) return sweep;
  const key = sweptKey(campaignId);
  const swept = await sharedRedis().hmget(key, ...closings.map((c) => String(c.callingAreaId)));
  const due = closings.filter((c, i) => swept[i] !== String(c.notBefore.getTime()));
  if (!due.length) return sweep;
  sweep.areas = due.length;

  const byCallingArea = new Map(due.map((c) => [c.callingAreaId, c]));
  let after = { at: new Date(0), id: 0 };
  const started = performance.now();
  while (performance.now() - started < SWEEP_BUDGET_MS) {
    const rows = await sequelize.query<{ prospectId: number; callingAreaId: number; nextAttemptAt: Date }>(
      `SELECT prospectId, callingAreaId, nextAttemptAt FROM campaign_prospects
        WHERE campaignId = :campaignId AND nextAttemptAt <= :now AND callingAreaId IN (:callingAreaIds)
          AND (nextAttemptAt > :afterAt OR (nextAttemptAt = :afterAt AND prospectId > :afterId))
        ORDER BY nextAttemptAt, prospectId LIMIT ${SWEEP_CHUNK}`,
      {
        replacements: {
          campaignId,
          now,
          callingAreaIds: [...byCallingArea.keys()],
          afterAt: after.at,
          afterId: after.id,
        },
        type: QueryTypes.SELECT,
      },
    );
    const waits = new ProspectWaits();
    for (const row of rows) {
      const closing = byCallingArea.get(Number(row.callingAreaId))!;
      waits.add(Number(row.prospectId), closing.reason, closing.notBefore);
    }
    sweep.read += rows.length;
    sweep.moved += await waits.write(campaignId, now);
    if (rows.length < SWEEP_CHUNK) {
      await sharedRedis()
        .multi()
        .hset(
          key,
          Object.fromEntries(due.map((c) => [String(c.callingAreaId), String(c.notBefore.getTime())])),
        )
        .expire(key, SWEPT_KEPT_SECONDS)
        .exec();
      return sweep;
    }
    const last = rows[rows.length - 1]!;
    after = { at: new Date(last.nextAttemptAt), id: Number(last.prospectId) };
  }
  sweep.done = false;
  return sweep;
}
