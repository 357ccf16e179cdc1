import { QueryTypes } from 'sequelize';
import { sequelize } from '../../../db/sequelize';
import { logger } from '../../../logger';
import { accountsWithSlots, heldSlots, releaseStaleSlots, type HeldSlot } from './pacing';

/** Call ids looked up in one statement. */
const LOOKUP_BATCH = 1000;

const isCallId = (member: string) => /^[1-9]\d{0,15}$/.test(member);

/** Of these call ids, those whose record exists and is not settled: the calls still in flight. */
async function callsInFlight(ids: number[]): Promise<Set<number>> {
  const live = new Set<number>();
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const rows = await sequelize.query<{ id: number }>(
      'SELECT id FROM call_records WHERE id IN (:ids) AND settledAt IS NULL',
      { replacements: { ids: ids.slice(i, i + LOOKUP_BATCH) }, type: QueryTypes.SELECT },
    );
    for (const row of rows) live.add(Number(row.id));
  }
  return live;
}

/**
 * Gives back every pacing slot whose call is settled or no longer exists (its campaign deleted),
 * on every account that holds slots. Settling gives a slot back after its commit; this is the net
 * under that (Redis unreachable at that moment, a process killed between taking a slot and
 * placing the call), run by the reconciler every 30 s so a lost slot is free within a minute
 * rather than when its lease ends.
 *
 * The slots are read before the calls: a call's record is committed before its slot is taken
 * (dispatch and test calls create it, then placeCall reads it and takes the slot), so a slot read
 * here belongs to a record the lookup after it sees, unless that record was deleted. A slot of a
 * call that has no record, or a settled one, cannot be a call about to be placed (placeCall
 * dials only a queued call), and a slot taken again meanwhile keeps its new lease (see
 * releaseStaleSlots). Members that are not call ids are left alone.
 */
export async function sweepCallSlots(): Promise<number> {
  const accounts = await accountsWithSlots();
  // Every account's slots first (sent together), then one lookup for all of their calls.
  const held = await Promise.all(
    accounts.map(async (accountSid) => (await heldSlots(accountSid)).filter((slot) => isCallId(slot.member))),
  );
  const ids = [...new Set(held.flat().map((slot) => Number(slot.member)))];
  const live = ids.length ? await callsInFlight(ids) : new Set<number>();
  let released = 0;
  for (const [i, accountSid] of accounts.entries()) {
    const stale: HeldSlot[] = held[i]!.filter((slot) => !live.has(Number(slot.member)));
    // Called for an account with nothing stale too: one left without slots leaves the sweep.
    released += await releaseStaleSlots(accountSid, stale);
  }
  if (released) logger.info({ released }, 'pacing slots of settled or deleted calls given back');
  return released;
}
