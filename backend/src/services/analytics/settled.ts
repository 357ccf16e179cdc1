import { QueryTypes, type Transaction } from 'sequelize';
import { sequelize } from '../../db/sequelize';
import type { CallRecord } from '../../db/models';
import { addToStats } from './statRows';
import {
  contributionOf,
  negated,
  zoneOfProspect,
  type Contribution,
  type CountedFacts,
} from './contribution';

/**
 * The aggregates' writes that follow a call's own record: at settlement, and when a settled call's
 * outcome or success changes later. Both run in the transaction that changes the call, under its
 * row lock and after the campaigns' counters (the last step of the lock order in
 * calls/shared/callRecords), so a count moves exactly when the record does. A transfer cannot
 * connect after its call settled (applyTransferStatus refuses it), so it needs no later step.
 */

/** Each outbound call's prospect zone, in one query for the whole batch. */
async function zonesOf(calls: readonly CountedFacts[], transaction: Transaction) {
  const prospectIds = [
    ...new Set(
      calls
        .filter((c) => c.direction !== 'inbound')
        .map((c) => (c as { prospectId?: number | null }).prospectId)
        .filter((id): id is number => id != null),
    ),
  ];
  const zones = new Map<number, string | null>();
  if (!prospectIds.length) return zones;
  const rows = await sequelize.query<{ id: number; timeZone: string | null }>(
    'SELECT id, timeZone FROM prospects WHERE id IN (:prospectIds)',
    { replacements: { prospectIds }, type: QueryTypes.SELECT, transaction },
  );
  for (const row of rows) zones.set(Number(row.id), zoneOfProspect(row.timeZone));
  return zones;
}

/** One statement per table for the whole batch, tables always in this order. */
async function addContributions(contributions: readonly Contribution[], transaction: Transaction) {
  await addToStats(
    'campaign_daily_stats',
    contributions.map((c) => c.daily),
    transaction,
  );
  await addToStats(
    'campaign_hourly_stats',
    contributions.flatMap((c) => (c.hourly ? [c.hourly] : [])),
    transaction,
  );
  await addToStats(
    'campaign_talk_times',
    contributions.flatMap((c) => (c.talk ? [c.talk] : [])),
    transaction,
  );
}

type FactsOf = CountedFacts & { prospectId?: number | null };

/** A copy of what a call counts by, taken before a change to it. */
export const countedFactsOf = (call: CallRecord): FactsOf => ({ ...(call.get({ plain: true }) as FactsOf) });

/** Settling calls (settleCalls): each counted call's contribution, added once. */
export async function addSettledCalls(calls: readonly CallRecord[], transaction: Transaction) {
  const facts = calls.map(countedFactsOf);
  const zones = await zonesOf(facts, transaction);
  const contributions = facts.flatMap((call) => {
    const c = contributionOf(call, zones.get(call.prospectId ?? -1) ?? null);
    return c ? [c] : [];
  });
  await addContributions(contributions, transaction);
}

/**
 * A settled call changed (its outcome, booking or success): what it added before is taken back and
 * what it adds now is added, in one statement per table (steps that cancel leave their rows alone).
 */
export async function moveSettledCall(before: FactsOf, call: CallRecord, transaction: Transaction) {
  if (!before.settledAt || before.test) return;
  const after = countedFactsOf(call);
  const zones = await zonesOf([after], transaction);
  const zone = zones.get(after.prospectId ?? -1) ?? null;
  const old = contributionOf(before, zone);
  const now = contributionOf(after, zone);
  await addContributions([...(old ? [negated(old)] : []), ...(now ? [now] : [])], transaction);
}
