import { SETUP_FLAGS, type CampaignStatus, type NotDialingReason, type SetupFlags } from '../domain/campaign';

/** What the dialer knows about a campaign besides its own fields. */
export interface DialingFacts {
  /** The campaign's list is ready and its prospects are copied in for calling. */
  prospectsReady: boolean;
  prospectsRemaining: number;
  monthBillableCalls: number;
  /**
   * The owner's company name, callback number or list attestation is missing (missingConsent):
   * the Compliance step cannot be set without them, and a campaign that lost one stops calling.
   */
  consentMissing: boolean;
}

type DialingCampaign = SetupFlags & {
  status: CampaignStatus;
  useProvidedNumber: boolean;
  providedPhoneNumber: string | null;
  monthlyCallVolume: number | null;
  /** "Keep calling past the package": the billing period's volume does not stop it (calls past it are metered). */
  overage?: boolean;
};

/** An active campaign whose number we buy and have not bought yet: it waits for a phone number. */
export const waitsForNumber = (
  campaign: Pick<DialingCampaign, 'status' | 'useProvidedNumber' | 'providedPhoneNumber'>,
) => campaign.status === 'active' && campaign.useProvidedNumber && !campaign.providedPhoneNumber;

/**
 * Why a campaign places no call now, or null when it may dial: active, all eight setup flags on,
 * a number to call from, the owner's company name, callback number and list attestation, prospects
 * ready and left, and the billing period's volume not used up. Drafts and completed campaigns
 * never dial and have no reason to show; past_due (a renewal failed) and canceled ones never dial
 * and say why.
 */
export function notDialingReason(campaign: DialingCampaign, facts: DialingFacts): NotDialingReason | null {
  if (campaign.status === 'paused') return 'paused';
  if (campaign.status === 'past_due') return 'past_due';
  if (campaign.status === 'canceled') return 'canceled';
  if (campaign.status !== 'active') return null;
  // The number we buy is what its setup waits for: say so rather than "setup incomplete".
  if (waitsForNumber(campaign)) return 'waiting_for_number';
  if (!SETUP_FLAGS.every((flag) => campaign[flag])) return 'setup_incomplete';
  if (facts.consentMissing) return 'consent_missing';
  if (!facts.prospectsReady) return 'no_prospects';
  if (!campaign.overage && facts.monthBillableCalls >= (campaign.monthlyCallVolume ?? 0))
    return 'monthly_volume_used';
  if (facts.prospectsRemaining <= 0) return 'nothing_left';
  return null;
}
