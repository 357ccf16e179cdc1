import type Stripe from 'stripe';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { sequelize } from '../../db/sequelize';
import { Campaign, Payment } from '../../db/models';
import { publish } from '../../events/publish';
import { logger } from '../../logger';
import { loadPaymentWithRelations, presentAdminPayment } from '../../presenters/payment';
import { isStripeMissing, stripe } from '../../providers/stripe';
import { publishCampaign } from '../campaigns';
import { checkoutSubscriptionOf, grantPrepaidCredit, subscriptionFields } from '../billing/checkoutBilling';
import { appliedDiscount } from './coupons';
import { checkoutTotalCents } from '@ringcast/shared-types';
import { presentCampaign } from '../../presenters/campaign';
import { amountDueCents, readCheckoutMetadata, type CheckoutMetadata } from './intentMetadata';

/**
 * What an activation run found. The job answers this (rather than throwing) so the api request
 * waiting for it can give the browser the right status; only outages are thrown and retried.
 */
export type ActivationResult =
  /** This payment activated the campaign just now. */
  | { outcome: 'activated'; userId: number; campaignId: number }
  /** Done before (a second call, or the webhook after the browser): nothing changed. */
  | { outcome: 'already_activated'; userId: number; campaignId: number }
  /** The campaign had already been paid by another intent; this payment is recorded for a refund. */
  | { outcome: 'duplicate_payment'; userId: number; campaignId: number }
  /** Stripe has not taken the money (yet): nothing changed. */
  | { outcome: 'not_succeeded'; userId: number; campaignId: number; status: string }
  /** Money taken, but not the campaign's price: recorded, not activated. */
  | { outcome: 'amount_mismatch'; userId: number; campaignId: number; expected: number; received: number }
  /** The campaign is gone (deleted after paying): the payment is recorded without it. */
  | { outcome: 'campaign_missing'; userId: number; campaignId: number }
  /** No such intent, or not one our checkout made. */
  | { outcome: 'not_found' };

export type ActivationOutcome = ActivationResult['outcome'];

/** Outcomes that another run cannot change. A not-yet-succeeded intent may still succeed later. */
export const isSettledActivation = (result: ActivationResult | undefined) =>
  Boolean(result && result.outcome !== 'not_succeeded');

export async function retrieveIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent | null> {
  try {
    return await stripe().paymentIntents.retrieve(paymentIntentId);
  } catch (err) {
    if (isStripeMissing(err)) return null;
    throw err;
  }
}

export const paymentDescription = (campaignName: string | null, note?: string) =>
  `Campaign setup: ${campaignName ?? 'deleted campaign'}${note ? ` (${note})` : ''}`.slice(0, 500);

/**
 * Writes the succeeded payment for the intent: a new row, or a failed attempt's row turned into
 * the success. Returns whether anything was written (so it is announced once).
 */
async function recordSucceeded(
  intent: Stripe.PaymentIntent,
  meta: CheckoutMetadata,
  campaign: Campaign | null,
  note: string | undefined,
  transaction: Transaction,
): Promise<{ payment: Payment; changed: boolean }> {
  const existing = await Payment.findOne({
    where: { paymentIntentId: intent.id },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (existing?.status === 'succeeded') return { payment: existing, changed: false };
  const values = {
    userId: meta.userId,
    campaignId: campaign?.id ?? null,
    // Kept past the campaign's deletion; a campaign already gone leaves the name recorded before.
    campaignName: campaign?.name ?? existing?.campaignName ?? null,
    paymentIntentId: intent.id,
    amountCents: intent.amount_received,
    currency: intent.currency,
    status: 'succeeded',
    description: paymentDescription(campaign?.name ?? null, note),
  };
  const payment = existing
    ? await existing.update(values, { transaction })
    : await Payment.create(values, { transaction });
  return { payment, changed: true };
}

async function announcePayment(payment: Payment, transaction: Transaction) {
  const row = await loadPaymentWithRelations(payment.id, transaction);
  publish('payment:recorded', presentAdminPayment(row), { transaction });
}

/**
 * Activates the campaign an intent paid for (DESIGN decision 3): Stripe's word on the intent is
 * the truth, and only a succeeded intent of the campaign's owner, for the amount due, activates.
 * The amount due is the campaign's price now less the applied coupon as Stripe has it.
 * One transaction holds the campaign's row lock, so concurrent runs (browser, webhook, retries)
 * serialise and exactly one records the payment and announces it.
 */
export async function activateCampaignPayment(paymentIntentId: string): Promise<ActivationResult> {
  const intent = await retrieveIntent(paymentIntentId);
  const meta = intent && readCheckoutMetadata(intent.metadata);
  if (!intent || !meta) return { outcome: 'not_found' };
  const { userId, campaignId } = meta;
  if (intent.status !== 'succeeded')
    return { outcome: 'not_succeeded', userId, campaignId, status: intent.status };
  const discount = await appliedDiscount(meta.coupon?.id);
  // Paid through the campaign's subscription: Stripe priced the invoice (coupon, credit, balance),
  // so what must match is the price the subscription was made for, not the intent's amount.
  const subscription = await checkoutSubscriptionOf(campaignId, intent.id);

  const result = await activateInTransaction(intent, meta, discount, subscription);
  if (subscription && (result.outcome === 'activated' || result.outcome === 'already_activated'))
    await grantPrepaidCredit(subscription);
  return result;
}

async function activateInTransaction(
  intent: Stripe.PaymentIntent,
  meta: CheckoutMetadata,
  discount: Awaited<ReturnType<typeof appliedDiscount>>,
  subscription: Stripe.Subscription | null,
): Promise<ActivationResult> {
  const { userId, campaignId } = meta;
  const paymentIntentId = intent.id;
  try {
    return await sequelize.transaction(async (transaction): Promise<ActivationResult> => {
      const campaign = await Campaign.findByPk(campaignId, { transaction, lock: transaction.LOCK.UPDATE });
      if (campaign && campaign.userId !== userId) {
        logger.error(
          { paymentIntentId, campaignId, userId },
          'payment intent names a campaign of another user',
        );
        return { outcome: 'not_found' };
      }
      if (!campaign) {
        const { payment, changed } = await recordSucceeded(
          intent,
          meta,
          null,
          'campaign deleted before activation',
          transaction,
        );
        if (changed) await announcePayment(payment, transaction);
        return { outcome: 'campaign_missing', userId, campaignId };
      }

      const expected = subscription
        ? checkoutTotalCents(presentCampaign(campaign))
        : amountDueCents(campaign, discount);
      const received = subscription ? Number(subscription.metadata.baseAmount) : intent.amount_received;
      // An intent whose checkout was replaced (a coupon, a new price) no longer pays the campaign.
      const superseded =
        !subscription && Boolean(campaign.stripeSubscriptionId) && !campaign.setupPaymentProcessed;
      const amountMatches = received === expected && intent.currency === 'usd' && !superseded;
      const note = amountMatches
        ? undefined
        : superseded
          ? 'paid a replaced checkout: not activated'
          : `paid ${received} cents, ${expected} due: not activated`;
      const { payment, changed } = await recordSucceeded(intent, meta, campaign, note, transaction);
      if (changed) await announcePayment(payment, transaction);

      if (!amountMatches) {
        logger.error(
          { paymentIntentId, campaignId, expected, received },
          'payment amount does not match the campaign',
        );
        return { outcome: 'amount_mismatch', userId, campaignId, expected, received };
      }
      if (campaign.setupPaymentProcessed) {
        if (changed)
          logger.warn({ paymentIntentId, campaignId }, 'campaign paid twice; the second payment is recorded');
        return { outcome: changed ? 'duplicate_payment' : 'already_activated', userId, campaignId };
      }
      campaign.setupPaymentProcessed = true;
      if (campaign.status === 'draft') campaign.status = 'active';
      if (subscription) campaign.set(subscriptionFields(subscription));
      await campaign.save({ transaction });
      publishCampaign(campaign, transaction);
      return { outcome: 'activated', userId, campaignId };
    });
  } catch (err) {
    // Only without a campaign row to lock can two runs race to the insert; the loser finds it done.
    if (err instanceof UniqueConstraintError) return activateCampaignPayment(paymentIntentId);
    throw err;
  }
}
