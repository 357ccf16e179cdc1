import type Stripe from 'stripe';
import type { Transaction } from 'sequelize';
import { sequelize } from '../../db/sequelize';
import { Campaign } from '../../db/models';
import { isStripeMissing, stripe } from '../../providers/stripe';
import { publishCampaign } from '../campaigns';
import { notifyCampaignEvent } from '../notifications';
import { subscriptionFields } from './checkoutBilling';
import { syncOverageItem } from './overage';
import { metadataCampaignId, toDate } from './stripeShapes';

export async function retrieveSubscription(id: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe().subscriptions.retrieve(id);
  } catch (err) {
    if (isStripeMissing(err)) return null;
    throw err;
  }
}

/**
 * The campaign's status as its subscription's status says: unpaid (past_due) stops dialing and
 * remembers where it was; paid again returns there; ended (Stripe gave up, or the period of a
 * cancellation ended) is canceled. Derived from Stripe's state now, never from an event's order,
 * so an event applied twice or late changes nothing. Answers what the owner must hear of, if anything.
 */
function applyStatus(
  campaign: Campaign,
  subscription: Stripe.Subscription,
): 'payment_failed' | 'canceled' | null {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      if (campaign.status === 'past_due') {
        campaign.status = campaign.statusBeforePastDue ?? 'active';
        campaign.statusBeforePastDue = null;
      }
      return null;
    case 'past_due':
    case 'unpaid':
      if (campaign.status === 'active' || campaign.status === 'paused') {
        campaign.statusBeforePastDue = campaign.status;
        campaign.status = 'past_due';
        return 'payment_failed';
      }
      return null;
    case 'canceled':
    case 'incomplete_expired': {
      const ends = campaign.status !== 'canceled';
      if (ends) {
        campaign.status = 'canceled';
        campaign.canceledAt = toDate(subscription.ended_at ?? subscription.canceled_at) ?? new Date();
      }
      campaign.statusBeforePastDue = null;
      campaign.cancelAtPeriodEnd = false;
      return ends ? 'canceled' : null;
    }
    default:
      return null;
  }
}

/** A downgrade chosen last period takes effect once a new period has started. */
function applyPendingVolume(campaign: Campaign, periodStart: Date | null): void {
  if (!campaign.pendingMonthlyCallVolume || !periodStart) return;
  if (campaign.currentPeriodStart && periodStart.getTime() <= campaign.currentPeriodStart.getTime()) return;
  campaign.monthlyCallVolume = campaign.pendingMonthlyCallVolume;
  campaign.pendingMonthlyCallVolume = null;
}

/**
 * Brings the campaign of a subscription in step with Stripe: its period, cancel-at-period-end and
 * status. Only a paid campaign and its own subscription (not an abandoned checkout's) are touched;
 * a draft is activated by its payment instead. Answers the campaign when anything changed.
 */
export async function syncCampaignSubscription(
  subscription: Stripe.Subscription,
  transaction: Transaction,
): Promise<Campaign | null> {
  const campaignId = metadataCampaignId(subscription.metadata);
  if (!campaignId) return null;
  const campaign = await Campaign.findByPk(campaignId, { transaction, lock: transaction.LOCK.UPDATE });
  if (!campaign || String(campaign.userId) !== subscription.metadata.userId) return null;
  if (campaign.stripeSubscriptionId && campaign.stripeSubscriptionId !== subscription.id) return null;
  if (!campaign.setupPaymentProcessed) return null;

  const fields = subscriptionFields(subscription);
  const ended = subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  applyPendingVolume(campaign, fields.currentPeriodStart);
  // A period never moves backwards: a late read of an older state keeps the newer period.
  const newer =
    !campaign.currentPeriodStart ||
    (fields.currentPeriodStart && fields.currentPeriodStart >= campaign.currentPeriodStart);
  campaign.set({
    stripeSubscriptionId: subscription.id,
    ...(newer && !ended
      ? { currentPeriodStart: fields.currentPeriodStart, currentPeriodEnd: fields.currentPeriodEnd }
      : {}),
    cancelAtPeriodEnd: fields.cancelAtPeriodEnd,
  });
  const event = applyStatus(campaign, subscription);
  if (!campaign.changed()) return null;
  await campaign.save({ transaction });
  publishCampaign(campaign, transaction);
  // Once per failed period (Stripe's retries within it change no status) and once per ending.
  if (event) {
    const occurrence =
      event === 'canceled'
        ? subscription.id
        : `${subscription.id}:${campaign.currentPeriodStart?.getTime() ?? 0}`;
    await notifyCampaignEvent(campaign, event, occurrence, { transaction });
  }
  return campaign;
}

/** Re-reads the subscription from Stripe and syncs its campaign; answers the campaign's id. */
export async function syncSubscriptionById(subscriptionId: string): Promise<number | null> {
  const subscription = await retrieveSubscription(subscriptionId);
  if (!subscription) return null;
  const changed = await sequelize.transaction((transaction) =>
    syncCampaignSubscription(subscription, transaction),
  );
  // A downgrade that took effect with the new period moves the overage item to the new package.
  const live = subscription.status === 'active' || subscription.status === 'past_due';
  if (changed?.overage && live && changed.stripeSubscriptionId)
    await syncOverageItem({ ...changed.get(), stripeSubscriptionId: changed.stripeSubscriptionId });
  return metadataCampaignId(subscription.metadata);
}
