import { QueryTypes, type Transaction } from 'sequelize';
import { sequelize } from '../../../db/sequelize';

/** The Stripe billing meter overage calls are reported to (one per account, made on first use). */
export const OVERAGE_EVENT_NAME = 'ringcast_overage_calls';

/** A billable call being settled, at its position in its campaign's billing period. */
export interface SettledBillableCall {
  callRecordId: number;
  campaignId: number;
  position: number;
  occurredAt: Date;
}

/** What settlement read of each campaign (its row is locked by then). */
export interface OverageTerms {
  userId: number;
  overage: boolean;
  monthlyCallVolume: number | null;
  stripeSubscriptionId: string | null;
}

/**
 * Calls past a campaign's package, on a subscription with overage on, become usage_outbox rows in
 * the transaction that settles them: a call is billed as overage exactly when it is counted, and a
 * rolled-back settlement leaves no usage behind. The sendMeterEvents job reports them to Stripe.
 * INSERT IGNORE on the unique call id: a call is one row however often this is asked.
 */
export async function queueOverageUsage(
  calls: SettledBillableCall[],
  terms: Map<number, OverageTerms>,
  transaction: Transaction,
): Promise<number> {
  const past = calls.filter((call) => {
    const campaign = terms.get(call.campaignId);
    return (
      campaign?.overage && campaign.stripeSubscriptionId && call.position > (campaign.monthlyCallVolume ?? 0)
    );
  });
  if (!past.length) return 0;
  const userIds = [...new Set(past.map((call) => terms.get(call.campaignId)!.userId))];
  // Not locked: a customer id is written once, and reading it must not queue behind a user's row.
  const customers = await sequelize.query<{ id: number; stripeCustomerId: string | null }>(
    'SELECT id, stripeCustomerId FROM users WHERE id IN (:userIds)',
    { replacements: { userIds }, type: QueryTypes.SELECT, transaction },
  );
  const customerOf = new Map(customers.map((row) => [Number(row.id), row.stripeCustomerId]));
  const rows = past.flatMap((call) => {
    const customer = customerOf.get(terms.get(call.campaignId)!.userId);
    return customer ? [{ ...call, customer }] : [];
  });
  if (!rows.length) return 0;
  const replacements: Record<string, unknown> = { eventName: OVERAGE_EVENT_NAME, now: new Date() };
  const values = rows.map((row, i) => {
    Object.assign(replacements, {
      [`c${i}`]: row.campaignId,
      [`r${i}`]: row.callRecordId,
      [`s${i}`]: row.customer,
      [`t${i}`]: row.occurredAt,
    });
    return `(:c${i}, :r${i}, :eventName, :s${i}, 1, :t${i}, :now)`;
  });
  await sequelize.query(
    `INSERT IGNORE INTO usage_outbox (campaignId, callRecordId, eventName, stripeCustomerId, quantity, occurredAt, createdAt)
     VALUES ${values.join(', ')}`,
    { replacements, transaction },
  );
  return rows.length;
}
