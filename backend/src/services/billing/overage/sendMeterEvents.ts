import Stripe from 'stripe';
import { QueryTypes } from 'sequelize';
import { sequelize } from '../../../db/sequelize';
import { logger } from '../../../logger';
import { stripe } from '../../../providers/stripe';
import { overageMeter } from './meter';

/** Rows sent per run; the next run (every few seconds) takes the rest. */
const BATCH = 100;
/** After this many failed sends a row is left for a person to look at (its lastError says why). */
export const MAX_ATTEMPTS = 20;

interface OutboxRow {
  id: number;
  callRecordId: number;
  eventName: string;
  stripeCustomerId: string;
  quantity: number;
  occurredAt: Date;
}

/** Stripe already has this identifier (a send whose answer was lost, sent again): it counted once. */
const isDuplicate = (err: unknown) =>
  err instanceof Stripe.errors.StripeError &&
  (err.code === 'duplicate_meter_event' || /already exists with identifier/i.test(err.message));

/**
 * Sends unsent usage_outbox rows to Stripe's meter, oldest first, each as one meter event whose
 * identifier is the call's (`call-<id>`), and stamps `sentAt` after Stripe has it. The outbox is what
 * makes it exactly once: a run killed between Stripe's answer and the stamp sends the row again
 * with the same identifier, which Stripe refuses as a duplicate within its ~24-hour memory (and the
 * next run is seconds away), so it is stamped then; a stamped row is never sent again. Stripe only
 * takes events of the last 35 days, so the rows go out at once rather than at the invoice.
 */
export async function sendMeterEvents(): Promise<{ sent: number; failed: number }> {
  const rows = await sequelize.query<OutboxRow>(
    `SELECT id, callRecordId, eventName, stripeCustomerId, quantity, occurredAt FROM usage_outbox
      WHERE sentAt IS NULL AND attempts < :max ORDER BY id LIMIT :batch`,
    { replacements: { max: MAX_ATTEMPTS, batch: BATCH }, type: QueryTypes.SELECT },
  );
  if (!rows.length) return { sent: 0, failed: 0 };
  await overageMeter();
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      try {
        await stripe().billing.meterEvents.create({
          event_name: row.eventName,
          identifier: `call-${row.callRecordId}`,
          payload: { stripe_customer_id: row.stripeCustomerId, value: String(row.quantity) },
          timestamp: Math.floor(new Date(row.occurredAt).getTime() / 1000),
        });
      } catch (err) {
        if (!isDuplicate(err)) throw err;
      }
      await sequelize.query('UPDATE usage_outbox SET sentAt = :now WHERE id = :id AND sentAt IS NULL', {
        replacements: { id: row.id, now: new Date() },
      });
      sent++;
    } catch (err) {
      failed++;
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      logger.warn({ err, outboxId: row.id, callRecordId: row.callRecordId }, 'meter event not sent');
      await sequelize.query(
        'UPDATE usage_outbox SET attempts = attempts + 1, lastError = :message WHERE id = :id',
        { replacements: { id: row.id, message } },
      );
    }
  }
  return { sent, failed };
}

/** Rows not sent yet (for the admin and the tests). */
export const unsentUsageCount = (campaignId?: number) =>
  sequelize
    .query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM usage_outbox WHERE sentAt IS NULL${campaignId ? ' AND campaignId = :campaignId' : ''}`,
      { replacements: { campaignId }, type: QueryTypes.SELECT },
    )
    .then(([row]) => Number(row?.n ?? 0));
