/**
 * The number a campaign's calls come from (its caller ID), in E.164: the local number bought for
 * it, or, when it uses the owner's own Twilio account, the owner's number there. Null while none
 * is known (not bought yet, or the owner's number not saved). The dialer places calls from it and
 * the pages show it, so both read this one rule.
 */
export function campaignCallerId(
  campaign: { useProvidedNumber: boolean; providedPhoneNumber?: string | null },
  ownerTwilioPhoneNumber: string | null | undefined,
): string | null {
  return (campaign.useProvidedNumber ? campaign.providedPhoneNumber : ownerTwilioPhoneNumber) || null;
}
