import type { NoCallReason } from '@ringcast/shared-types';
import { execute } from '../../db/execute';
import { sequelize } from '../../db/sequelize';

/** A due prospect as the dispatcher read it: where it may be, as stored. */
export interface WaitingProspect {
  prospectId: number;
  timeZone: string | null;
  state: string | null;
}

/**
 * Due prospects moved with their place per batch, over all its places: enough to clear a zone's
 * backlog in a few runs, few enough that a run stays short and holds its row locks only briefly.
 */
const PLACE_SWEEP_LIMIT = 10_000;

/**
 * Prospects the rules do not let through now, each to wait (`scheduled`) until the instant they
 * name, written in a few statements rather than one per row. Each write is conditional on the row
 * still being due, so a concurrent change wins.
 *
 * A prospect outside its calling hours stands for its whole place: when a zone's window closes, a
 * campaign larger than its capacity still has a backlog of that zone's prospects due, in front of
 * every other zone's in the dispatcher's index. Every due prospect of the same zones and states is
 * moved with it to the window's next opening (found by the place index), so the backlog is not read
 * again row by row. That instant is never too late for any of them: it is when the window opens
 * for the place, and whatever else holds a prospect back (a retry wait, a daily cap) only makes its
 * own time later, which the rules work out again once it is due.
 */
export class ProspectWaits {
  private readonly groups = new Map<
    string,
    { reason: NoCallReason; notBefore: Date; ids: number[]; place: WaitingProspect | null }
  >();

  add(prospect: WaitingProspect, reason: NoCallReason, notBefore: Date): void {
    const wholePlace = reason === 'outside_hours' && prospect.timeZone !== null;
    const key = `${notBefore.getTime()}|${reason}|${wholePlace ? `${prospect.timeZone}|${prospect.state}` : ''}`;
    const group = this.groups.get(key) ?? { reason, notBefore, ids: [], place: wholePlace ? prospect : null };
    group.ids.push(prospect.prospectId);
    this.groups.set(key, group);
  }

  async write(campaignId: number, now: Date): Promise<void> {
    let sweepLeft = PLACE_SWEEP_LIMIT;
    for (const { reason, notBefore, ids, place } of this.groups.values()) {
      const set = `SET state = 'scheduled', nextAttemptAt = :notBefore, reason = :reason, updatedAt = NOW(3)`;
      const replacements = { campaignId, ids, reason, notBefore, now };
      await sequelize.query(
        `UPDATE campaign_prospects ${set}
          WHERE campaignId = :campaignId AND prospectId IN (:ids) AND nextAttemptAt <= :now`,
        { replacements },
      );
      if (!place || sweepLeft <= 0) continue;
      sweepLeft -= await execute(
        `UPDATE campaign_prospects ${set}
          WHERE campaignId = :campaignId AND timeZones = :timeZones AND states <=> :states AND nextAttemptAt <= :now
          LIMIT ${sweepLeft}`,
        { replacements: { ...replacements, timeZones: place.timeZone, states: place.state } },
      );
    }
  }
}
