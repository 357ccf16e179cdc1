import type { JobPayloads } from '@ringcast/shared-types';
import { StripeEvent } from '../../db/models';
import { logger } from '../../logger';
import { enqueueActivation } from '../payments/activationJobs';
import { publishBilling } from './overview';
import { invoicePaymentIntentId, invoiceSubscriptionId } from './stripeShapes';
import { retrieveInvoice, upsertInvoice } from './syncInvoice';
import { syncSubscriptionById } from './syncSubscription';

export type StripeEventOutcome = 'applied' | 'duplicate' | 'ignored';

/** The events that change Ringcast's billing state; the rest are only recorded as seen. */
const INVOICE_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'invoice.finalized',
  'invoice.voided',
  'invoice.marked_uncollectible',
]);
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);

/**
 * Syncs an invoice and its subscription from Stripe. A paid first invoice activates its campaign
 * (the same run the browser's activate-campaign joins, one per intent).
 */
async function syncInvoice(invoiceId: string): Promise<number | null> {
  const invoice = await retrieveInvoice(invoiceId);
  if (!invoice) return null;
  const row = await upsertInvoice(invoice);
  const intentId = invoicePaymentIntentId(invoice);
  if (invoice.status === 'paid' && invoice.billing_reason === 'subscription_create' && intentId)
    await enqueueActivation(intentId);
  const subscriptionId = invoiceSubscriptionId(invoice);
  const campaignId = subscriptionId ? await syncSubscriptionById(subscriptionId) : null;
  return campaignId ?? row?.campaignId ?? null;
}

/**
 * One Stripe webhook event, once: an event already recorded is skipped; otherwise its object is
 * read again from Stripe (events arrive twice and out of order, their bodies are not trusted),
 * Ringcast's state is brought in step, the event is recorded, and the campaign's billing pushed.
 * The state written depends only on Stripe's state now, so a replay in any order ends the same.
 */
export async function applyStripeEvent({
  stripeEventId,
  type,
  objectId,
}: JobPayloads['applyStripeEvent']): Promise<StripeEventOutcome> {
  if (await StripeEvent.findByPk(stripeEventId)) return 'duplicate';
  let campaignId: number | null = null;
  let outcome: StripeEventOutcome = 'ignored';
  if (INVOICE_EVENTS.has(type) && objectId.startsWith('in_')) {
    campaignId = await syncInvoice(objectId);
    outcome = 'applied';
  } else if (SUBSCRIPTION_EVENTS.has(type) && objectId.startsWith('sub_')) {
    campaignId = await syncSubscriptionById(objectId);
    outcome = 'applied';
  }
  // Recorded last: a run that failed half-way is retried in full (every step above is repeatable).
  await StripeEvent.bulkCreate([{ id: stripeEventId, type, processedAt: new Date() }], {
    ignoreDuplicates: true,
  });
  if (campaignId) await publishBilling(campaignId);
  logger.info({ stripeEventId, type, objectId, campaignId, outcome }, 'stripe event applied');
  return outcome;
}
