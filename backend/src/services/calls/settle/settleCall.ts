import { QueryTypes, type Transaction } from 'sequelize';
import {
  callChargeCents,
  callResultOf,
  isBillableCall,
  isPlacedCall,
  type CampaignType,
} from '@ringcast/shared-types';
import { sqlValue } from '../../../db/execute';
import { sequelize } from '../../../db/sequelize';
import { Campaign, type CallRecord } from '../../../db/models';
import { successOf } from './callSuccess';
import { releaseCallSlot } from '../place';
import { settleProspects } from './settleProspects';
import { noteSettledEnding } from './settledEnding';
import { saveLockedCalls, setSetupFlagBySystem, usageKeyOf, usageTimeOf } from '../shared';
import { queueLeadAlerts } from '../../notifications';
// The outbox alone, not the overage front door: settling never loads the Stripe SDK.
import { queueOverageUsage } from '../../billing/overage/outbox';
import { queueCallWebhooks } from '../../webhooks';
import { addSettledCalls } from '../../analytics/settled';

/**
 * The next billable positions of the billing period (or month) for each campaign: the usage rows grow by how many
 * billable calls each campaign settles, in one statement, and the calls take the positions just
 * added, in the order given. The usage rows stay locked by the increment until the transaction
 * ends, so two calls never share a position.
 */
async function nextBillablePositions(
  billable: { campaignId: number; month: string }[],
  transaction: Transaction,
): Promise<number[]> {
  if (!billable.length) return [];
  const added = new Map<string, { campaignId: number; month: string; count: number }>();
  for (const { campaignId, month } of billable) {
    const key = `${campaignId}|${month}`;
    const entry = added.get(key) ?? { campaignId, month, count: 0 };
    entry.count++;
    added.set(key, entry);
  }
  const groups = [...added.values()];
  const replacements: Record<string, unknown> = {};
  const values = groups.map(({ campaignId, month, count }, i) => {
    Object.assign(replacements, { [`c${i}`]: campaignId, [`m${i}`]: month, [`n${i}`]: count });
    return `(:c${i}, :m${i}, :n${i})`;
  });
  await sequelize.query(
    `INSERT INTO campaign_usage (campaignId, month, billableCalls) VALUES ${values.join(', ')}
     ON DUPLICATE KEY UPDATE billableCalls = billableCalls + VALUES(billableCalls)`,
    { replacements, transaction },
  );
  const rows = await sequelize.query<{ campaignId: number; month: string; billableCalls: number }>(
    `SELECT campaignId, month, billableCalls FROM campaign_usage
      WHERE ${groups.map((_, i) => `(campaignId = :c${i} AND month = :m${i})`).join(' OR ')}`,
    { replacements, type: QueryTypes.SELECT, transaction },
  );
  // The first position each campaign's calls take this time.
  const next = new Map<string, number>();
  for (const row of rows) {
    const key = `${row.campaignId}|${row.month}`;
    next.set(key, Number(row.billableCalls) - added.get(key)!.count + 1);
  }
  return billable.map(({ campaignId, month }) => {
    const key = `${campaignId}|${month}`;
    const position = next.get(key)!;
    next.set(key, position + 1);
    return position;
  });
}

/** A test call counts nowhere; one that reached a person completes the Testing setup step. */
async function settleTestCall(call: CallRecord, transaction: Transaction) {
  if (call.status === 'completed' && call.answeredBy !== 'machine') {
    const campaign = await Campaign.findByPk(call.campaignId, { transaction, lock: true });
    if (campaign) await setSetupFlagBySystem(campaign, 'setupTestingCompleted', true, transaction);
  }
}

interface CampaignSums {
  placed: number;
  successful: number;
  costCents: number;
  person: number;
  voicemail: number;
  /** Of the placed: rung into the campaign's number. */
  received: number;
  finished: number;
}

/**
 * Each campaign's counters grow by its sums, in one statement: every column a CASE on the id. The
 * rows are named through the primary key (forced: a small table may otherwise be scanned, which
 * asks for every row it passes, those other batches hold too: a deadlock), and are already ours
 * (settleCalls locked them first).
 */
async function addToCampaigns(sums: Map<number, CampaignSums>, now: Date, transaction: Transaction) {
  const moved = [...sums].filter(([, s]) => s.placed > 0 || s.finished > 0).sort(([a], [b]) => a - b);
  if (!moved.length) return;
  // Whole numbers, and the cost as an exact decimal literal (a quoted one would be added as a double).
  const by = (value: (s: CampaignSums) => number | string) =>
    `CASE id ${moved.map(([id, s]) => `WHEN ${Number(id)} THEN ${value(s)}`).join(' ')} END`;
  const placedAny = moved.filter(([, s]) => s.placed > 0).map(([id]) => Number(id));
  await sequelize.query(
    `UPDATE campaigns FORCE INDEX (PRIMARY)
        SET totalCalls = totalCalls + ${by((s) => s.placed)},
            successfulCalls = successfulCalls + ${by((s) => s.successful)},
            totalCost = totalCost + ${by((s) => (Math.trunc(s.costCents) / 100).toFixed(2))},
            personCalls = personCalls + ${by((s) => s.person)},
            voicemailCalls = voicemailCalls + ${by((s) => s.voicemail)},
            receivedCalls = receivedCalls + ${by((s) => s.received)},
            statisticsLastUpdated = IF(id IN (${placedAny.join(', ') || 'NULL'}), ${sqlValue(now)}, statisticsLastUpdated),
            prospectsRemaining = GREATEST(CAST(prospectsRemaining AS SIGNED) - ${by((s) => s.finished)}, 0)
      WHERE id IN (${moved.map(([id]) => Number(id)).join(', ')})`,
    { transaction },
  );
}

/**
 * Counts calls that reached their final state, each exactly once (`settledAt`, under the calls' row
 * locks held by the caller): billability and charge (the graduated rate of each call's position
 * among the month's billable calls), success, and the campaigns' counters as atomic increments.
 * However many calls, it takes a few statements: the campaigns' rows (locked in id order, before
 * the usage rows whose inserts check them), the usage rows, the calls, the prospects, and the
 * campaigns' counters, then the analytics' aggregates. A test call counts nowhere; one that reached a person completes the
 * Testing setup step.
 */
export async function settleCalls(calls: CallRecord[], transaction: Transaction): Promise<void> {
  const settling = calls.filter((call) => !call.settledAt);
  if (!settling.length) return;
  const now = new Date();
  for (const call of settling) {
    call.settledAt = now;
    noteSettledEnding(call);
    // Every path that settles a call comes through here, so this is where its pacing slot is given
    // back, once the settlement commits. Should Redis miss it, the reconciler's sweep frees it.
    const { accountSid, id } = call;
    if (accountSid)
      transaction.afterCommit(() => void releaseCallSlot(accountSid, id).catch(() => undefined));
  }
  // Calls that end as leads are mailed to their owners once this commits (docs/notifications.md).
  queueLeadAlerts(settling, transaction);
  // And their webhook events, for owners with an endpoint (docs/webhooks.md).
  queueCallWebhooks(settling, transaction);
  for (const call of settling.filter((c) => c.test)) await settleTestCall(call, transaction);
  const counted = settling.filter((call) => !call.test);
  if (!counted.length) {
    await saveLockedCalls(settling, transaction);
    return;
  }

  // The campaigns' rows are taken first, for writing: the usage rows' inserts below check their
  // foreign key with a shared lock on the campaign, and two transactions of one campaign, each
  // holding that shared lock and waiting to write the counters, deadlock (one of them is lost).
  const campaignIds = [...new Set(counted.map((call) => call.campaignId))].sort((a, b) => a - b);
  const campaigns = await sequelize.query<{
    id: number;
    type: CampaignType;
    retryDelayMinutes: number;
    maxAttempts: number;
    currentPeriodStart: Date | null;
    userId: number;
    overage: number | boolean;
    monthlyCallVolume: number | null;
    stripeSubscriptionId: string | null;
  }>(
    `SELECT id, type, retryDelayMinutes, maxAttempts, currentPeriodStart,
            userId, overage, monthlyCallVolume, stripeSubscriptionId
       FROM campaigns WHERE id IN (:campaignIds) ORDER BY id FOR UPDATE`,
    { replacements: { campaignIds }, type: QueryTypes.SELECT, transaction },
  );
  const typeOf = new Map(campaigns.map((c) => [Number(c.id), c.type]));
  const periodOf = new Map(
    campaigns.map((c) => [Number(c.id), { currentPeriodStart: c.currentPeriodStart }]),
  );

  const billable = counted.filter((call) => isBillableCall(call));
  // Counted in the campaign's billing period, or before a subscription in the month the call ended.
  for (const call of billable)
    call.billingMonth = usageKeyOf(periodOf.get(call.campaignId) ?? {}, call.endedAt ?? now);
  const positions = await nextBillablePositions(
    billable.map((call) => ({ campaignId: call.campaignId, month: call.billingMonth! })),
    transaction,
  );
  const chargeCents = new Map(billable.map((call, i) => [call, callChargeCents(positions[i]!)]));
  // Calls past the package of a campaign with overage on are metered, in this same transaction.
  await queueOverageUsage(
    billable.map((call, i) => ({
      callRecordId: call.id,
      campaignId: call.campaignId,
      position: positions[i]!,
      occurredAt: usageTimeOf(call.endedAt ?? now, periodOf.get(call.campaignId)?.currentPeriodStart),
    })),
    new Map(
      campaigns.map((c) => [
        Number(c.id),
        {
          userId: Number(c.userId),
          overage: Boolean(c.overage),
          monthlyCallVolume: c.monthlyCallVolume === null ? null : Number(c.monthlyCallVolume),
          stripeSubscriptionId: c.stripeSubscriptionId,
        },
      ]),
    ),
    transaction,
  );

  const sums = new Map<number, CampaignSums>();
  const sumsOf = (campaignId: number): CampaignSums => {
    let s = sums.get(campaignId);
    if (!s) {
      s = { placed: 0, successful: 0, costCents: 0, person: 0, voicemail: 0, received: 0, finished: 0 };
      sums.set(campaignId, s);
    }
    return s;
  };
  const settled = counted.map((call) => {
    const placed = isPlacedCall({ status: call.status, dialed: Boolean(call.dialedAt) });
    // An outcome recorded after this is counted by recountSuccess, under the same row lock.
    const successful = successOf(call, typeOf.get(call.campaignId));
    const cents = chargeCents.get(call) ?? 0;
    call.billable = chargeCents.has(call);
    call.successful = successful;
    call.cost = (cents / 100).toFixed(2);
    if (placed) {
      const s = sumsOf(call.campaignId);
      const result = callResultOf(call);
      s.placed++;
      s.successful += successful ? 1 : 0;
      s.costCents += cents;
      s.person += result === 'person' ? 1 : 0;
      s.voicemail += result === 'voicemail' ? 1 : 0;
      s.received += call.direction === 'inbound' ? 1 : 0;
    }
    return { call, placed };
  });
  await saveLockedCalls(settling, transaction);
  const retryRules = new Map(
    campaigns.map((c) => [
      Number(c.id),
      { retryDelayMinutes: Number(c.retryDelayMinutes), maxAttempts: Number(c.maxAttempts) },
    ]),
  );
  const finished = await settleProspects(settled, retryRules, transaction);
  for (const [campaignId, count] of finished) {
    sumsOf(campaignId).finished += count;
  }
  await addToCampaigns(sums, now, transaction);
  // The analytics' aggregates last, once the campaigns' counters are held (the lock order's step 5).
  await addSettledCalls(counted, transaction);
}

/** One call's settlement: see settleCalls. */
export const settleCall = (call: CallRecord, transaction: Transaction) => settleCalls([call], transaction);
