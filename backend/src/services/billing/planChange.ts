import type Stripe from 'stripe';
import { Op } from 'sequelize';
import {
  BILLED_CAMPAIGN_STATUSES,
  BILLING_MESSAGES,
  CAMPAIGN_NOT_FOUND,
  PAYMENT_MESSAGES,
  type Campaign as CampaignDto,
  type CampaignPlanInput,
} from '@ringcast/shared-types';
import { Campaign } from '../../db/models';
import { sequelize } from '../../db/sequelize';
import { conflict } from '../../errors';
import { findCurrentUser } from '../../lib/userCache';
import { findOwned } from '../../policies/ownership';
import { presentCampaign } from '../../presenters/campaign';
import { stripe } from '../../providers/stripe';
import { publishCampaign } from '../campaigns';
import { asPaymentError } from '../payments/stripeFailure';
import { syncOverageItem } from './overage';
import { publishBilling } from './overview';
import { callsPriceSpec, priceFor } from './prices';
import { syncCampaignSubscription } from './syncSubscription';

export const PLAN_MESSAGES = {
  notChangeable: 'Only an active or paused campaign can change its plan.',
  overageElsewhere: (name: string) =>
    `Keep calling past the package can be on for one campaign at a time: turn it off on "${name}" first.`,
  notCancelable: 'Only a paid campaign that is not canceled can be cancelled.',
} as const;

/** A completed campaign (every prospect called) is still billed monthly: it can be cancelled too. */
const CANCELABLE = BILLED_CAMPAIGN_STATUSES;

/** The owner's campaign with a live subscription (409 otherwise, saying why). */
export async function findSubscribed(
  userId: number,
  campaignId: number,
  allowed: readonly string[],
  refusal: string,
): Promise<Campaign & { stripeSubscriptionId: string }> {
  const campaign = await findOwned(Campaign, campaignId, userId, { message: CAMPAIGN_NOT_FOUND });
  if (campaign.status === 'canceled') throw conflict(BILLING_MESSAGES.alreadyCanceled);
  if (!campaign.stripeSubscriptionId || !campaign.setupPaymentProcessed)
    throw conflict(BILLING_MESSAGES.notSubscribed);
  if (!allowed.includes(campaign.status)) throw conflict(refusal);
  return campaign as Campaign & { stripeSubscriptionId: string };
}

/** Brings the campaign in step with the subscription Stripe answered, and pushes both. */
export async function applySubscription(
  campaignId: number,
  subscription: Stripe.Subscription,
  changes: Partial<Pick<Campaign, 'monthlyCallVolume' | 'pendingMonthlyCallVolume' | 'overage'>> = {},
): Promise<CampaignDto> {
  const campaign = await sequelize.transaction(async (transaction) => {
    const row = await Campaign.findByPk(campaignId, {
      transaction,
      lock: transaction.LOCK.UPDATE,
      rejectOnEmpty: true,
    });
    if (Object.keys(changes).length > 0) {
      await row.update(changes, { transaction });
      publishCampaign(row, transaction);
    }
    return (await syncCampaignSubscription(subscription, transaction)) ?? row;
  });
  await publishBilling(campaignId);
  return presentCampaign(campaign, await findCurrentUser(campaign.userId));
}

/** The subscription's item that bills the monthly package (the one with a ringcast_calls_ price). */
function callsItemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item =
    subscription.items.data.find((i) => i.price.lookup_key?.startsWith('ringcast_calls_')) ??
    subscription.items.data[0];
  if (!item) throw new Error(`subscription ${subscription.id} has no items`);
  return item;
}

/**
 * Stripe meters add up a customer's events, and every subscription item priced on the meter bills
 * that sum: with overage on two campaigns of one customer, each would bill both campaigns' calls.
 * So overage is on for one billed campaign of an account at a time.
 */
async function refuseSecondOverage(userId: number, campaignId: number): Promise<void> {
  const other = await Campaign.findOne({
    where: {
      userId,
      overage: true,
      id: { [Op.ne]: campaignId },
      status: { [Op.in]: [...BILLED_CAMPAIGN_STATUSES] },
    },
    attributes: ['name'],
  });
  if (other) throw conflict(PLAN_MESSAGES.overageElsewhere(other.name));
}

/**
 * PUT /api/campaigns/:id/plan. More calls take effect at once, the difference for the rest of the
 * period prorated and invoiced now; fewer calls from the next period (the price changes with no
 * proration, and the campaign keeps its volume until the renewal). Overage is a flag of ours.
 */
export async function changePlan(
  userId: number,
  campaignId: number,
  input: CampaignPlanInput,
): Promise<CampaignDto> {
  const campaign = await findSubscribed(
    userId,
    campaignId,
    ['active', 'paused'],
    PLAN_MESSAGES.notChangeable,
  );
  if (input.overage && !campaign.overage) await refuseSecondOverage(userId, campaign.id);
  try {
    let subscription: Stripe.Subscription = await stripe().subscriptions.retrieve(
      campaign.stripeSubscriptionId,
    );
    const changes: Parameters<typeof applySubscription>[2] = {};
    if (input.overage !== undefined) changes.overage = input.overage;
    const volume = input.monthlyCallVolume;
    const current = campaign.monthlyCallVolume ?? 0;
    const billed = campaign.pendingMonthlyCallVolume ?? current;
    if (volume !== undefined && volume !== billed) {
      const item = callsItemOf(subscription);
      const price = await priceFor(callsPriceSpec(volume));
      const upgrade = volume > current;
      const params: Stripe.SubscriptionUpdateParams = {
        items: [{ id: item.id, price: price.id }],
        proration_behavior: upgrade ? 'always_invoice' : 'none',
      };
      if (!upgrade) params.billing_cycle_anchor = { type: 'unchanged' };
      subscription = await stripe().subscriptions.update(subscription.id, params);
      if (upgrade) Object.assign(changes, { monthlyCallVolume: volume, pendingMonthlyCallVolume: null });
      else if (volume === current) changes.pendingMonthlyCallVolume = null;
      else changes.pendingMonthlyCallVolume = volume;
    }
    // The metered "calls past the package" item follows the overage choice and this period's package.
    subscription = await syncOverageItem({
      stripeSubscriptionId: subscription.id,
      overage: changes.overage ?? Boolean(campaign.overage),
      monthlyCallVolume: changes.monthlyCallVolume ?? campaign.monthlyCallVolume ?? null,
    });
    return await applySubscription(campaign.id, subscription, changes);
  } catch (err) {
    throw asPaymentError(err, PAYMENT_MESSAGES.providerFailed);
  }
}

/** POST /api/campaigns/:id/cancel: at the period's end, no fee; it keeps dialing until then. */
export async function cancelAtPeriodEnd(userId: number, campaignId: number): Promise<CampaignDto> {
  const campaign = await findSubscribed(userId, campaignId, CANCELABLE, PLAN_MESSAGES.notCancelable);
  try {
    const subscription = await stripe().subscriptions.update(campaign.stripeSubscriptionId, {
      cancel_at_period_end: true,
    });
    return await applySubscription(campaign.id, subscription);
  } catch (err) {
    throw asPaymentError(err, PAYMENT_MESSAGES.providerFailed);
  }
}

/** POST /api/campaigns/:id/resume: undoes a cancellation before the period ends. */
export async function resumeSubscription(userId: number, campaignId: number): Promise<CampaignDto> {
  const campaign = await findSubscribed(userId, campaignId, CANCELABLE, PLAN_MESSAGES.notCancelable);
  if (!campaign.cancelAtPeriodEnd) throw conflict(BILLING_MESSAGES.notCanceling);
  try {
    const subscription = await stripe().subscriptions.update(campaign.stripeSubscriptionId, {
      cancel_at_period_end: false,
    });
    return await applySubscription(campaign.id, subscription);
  } catch (err) {
    throw asPaymentError(err, PAYMENT_MESSAGES.providerFailed);
  }
}
