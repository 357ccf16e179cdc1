import { CAMPAIGN_NOT_FOUND, PAYMENT_MESSAGES, type Campaign as CampaignDto } from '@ringcast/shared-types';
import { Campaign } from '../../db/models';
import { conflict, notFound } from '../../errors';
import { findCurrentUser } from '../../lib/userCache';
import { presentCampaign } from '../../presenters/campaign';
import { runActivation } from './activationJobs';

/**
 * POST /api/activate-campaign: runs the activation job (or joins the webhook's) and turns its
 * result into the answer. Someone else's intent is 404, whatever the job found.
 */
export async function activateForUser(userId: number, paymentIntentId: string): Promise<CampaignDto> {
  const result = await runActivation(paymentIntentId);
  if (result.outcome === 'not_found' || result.userId !== userId)
    throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  switch (result.outcome) {
    case 'not_succeeded':
      throw conflict(PAYMENT_MESSAGES.notSucceeded);
    case 'amount_mismatch':
      throw conflict(PAYMENT_MESSAGES.amountMismatch);
    case 'campaign_missing':
      throw notFound(CAMPAIGN_NOT_FOUND);
    case 'activated':
    case 'already_activated':
    case 'duplicate_payment': {
      const campaign = await Campaign.findOne({ where: { id: result.campaignId, userId } });
      if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
      return presentCampaign(campaign, await findCurrentUser(userId));
    }
  }
}
