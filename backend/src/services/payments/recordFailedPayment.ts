import { UniqueConstraintError } from 'sequelize';
import { sequelize } from '../../db/sequelize';
import { Campaign, Payment } from '../../db/models';
import { publish } from '../../events/publish';
import { loadPaymentWithRelations, presentAdminPayment } from '../../presenters/payment';
import { paymentDescription, retrieveIntent } from './activateCampaignPayment';
import { readCheckoutMetadata } from './intentMetadata';
import { notifyCampaignEvent } from '../notifications';

export type FailedPaymentOutcome =
  /** A failed attempt is recorded (or its row updated with the latest failure). */
  | 'recorded'
  /** Nothing new: the same failure is already recorded. */
  | 'unchanged'
  /** The intent has succeeded since (or its payment is recorded as succeeded): a success is never overwritten. */
  | 'already_succeeded'
  /** Stripe shows no failed attempt on the intent. */
  | 'no_failure'
  | 'not_found';

/**
 * Records a failed charge (webhook `payment_intent.payment_failed`) so admins see it: one row per
 * intent with status 'failed' and Stripe's message. The intent is re-read from Stripe; the event
 * body is never trusted.
 */
export async function recordFailedPayment(paymentIntentId: string): Promise<FailedPaymentOutcome> {
  const intent = await retrieveIntent(paymentIntentId);
  const meta = intent && readCheckoutMetadata(intent.metadata);
  if (!intent || !meta) return 'not_found';
  if (intent.status === 'succeeded') return 'already_succeeded';
  const failure = intent.last_payment_error;
  if (!failure) return 'no_failure';

  try {
    return await sequelize.transaction(async (transaction) => {
      // The campaign's row lock orders this after (or before) an activation of the same intent.
      const campaign = await Campaign.findByPk(meta.campaignId, {
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      const owned = campaign && campaign.userId === meta.userId ? campaign : null;
      const existing = await Payment.findOne({
        where: { paymentIntentId },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (existing?.status === 'succeeded') return 'already_succeeded';
      const reason = failure.message ?? failure.code ?? 'payment failed';
      const values = {
        userId: meta.userId,
        campaignId: owned?.id ?? null,
        campaignName: owned?.name ?? existing?.campaignName ?? null,
        paymentIntentId,
        amountCents: intent.amount,
        currency: intent.currency,
        status: 'failed',
        description: paymentDescription(owned?.name ?? null, reason),
      };
      let payment = existing;
      if (payment) {
        payment.set(values);
        if (!payment.changed()) return 'unchanged';
        await payment.save({ transaction });
      } else {
        payment = await Payment.create(values, { transaction });
      }
      const row = await loadPaymentWithRelations(payment.id, transaction);
      publish('payment:recorded', presentAdminPayment(row), { transaction });
      // The owner hears of each failure once (the row's time tells a later failure of the intent apart).
      if (owned)
        await notifyCampaignEvent(
          owned,
          'payment_failed',
          `${paymentIntentId}:${payment.updatedAt.getTime()}`,
          {
            transaction,
            reason,
          },
        );
      return 'recorded';
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) return recordFailedPayment(paymentIntentId);
    throw err;
  }
}
