import twilio from 'twilio';
import { sequelize } from '../../../db/sequelize';
import { Campaign } from '../../../db/models';
import { platformTwilioAccount, twilioClient } from '../../../providers/twilio';
import { inboundCallUrl, inboundStatusUrl } from '../../../telephony/callUrls';
import { setSetupFlagBySystem } from '../shared';
import { publishCampaign } from '../../campaigns';

export type ProvisionOutcome = 'bought' | 'found' | 'unavailable' | 'not_needed';

/** The number's name in our Twilio account: what finds a number bought by a run that then died. */
export const campaignNumberName = (campaignId: number) => `Ringcast campaign ${campaignId}`;

/** Where a campaign number's calls ring, and where each one's final status is reported (`completed`). */
const inboundWebhooks = () => ({
  voiceUrl: inboundCallUrl(),
  voiceMethod: 'POST',
  statusCallback: inboundStatusUrl(),
  statusCallbackMethod: 'POST',
});

/** Numbers offered at once: campaigns of one area code buying together each find one left. */
const CANDIDATES = 20;
/** Twilio's answer when a number offered a moment ago was bought by someone else meanwhile. */
const NUMBER_NOT_AVAILABLE = 21422;

const shuffled = <T>(items: T[]) =>
  items
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

/**
 * The first of the numbers offered that can still be bought, bought; none when all were taken
 * meanwhile. They are tried in a random order, so buyers given the same list rarely meet.
 */
async function buyFirstStillAvailable(
  client: ReturnType<typeof twilioClient>,
  candidates: string[],
  friendlyName: string,
) {
  for (const phoneNumber of candidates) {
    try {
      return await client.incomingPhoneNumbers.create({ phoneNumber, friendlyName, ...inboundWebhooks() });
    } catch (err) {
      if (!(err instanceof twilio.RestException && err.code === NUMBER_NOT_AVAILABLE)) throw err;
    }
  }
  return undefined;
}

/**
 * Buys the campaign's local number in its area code (useProvidedNumber), once: a number already
 * bought for it (found by its name in the account, say by a run killed before it stored the
 * number) is attached instead of buying another, its webhooks set as a bought one's. Its voice
 * URL points at our inbound webhook. The
 * Phone and Twilio setup flags are set with it. None available: the campaign waits (the
 * dispatcher asks again later) and says so. Calls into it reach the campaign's agent (inbound
 * webhook), and their final status comes to the number's status callback.
 */
export async function provisionPhoneNumber(campaignId: number): Promise<ProvisionOutcome> {
  const campaign = await Campaign.findByPk(campaignId);
  if (
    !campaign?.useProvidedNumber ||
    campaign.providedPhoneNumber ||
    !campaign.providedNumberAreaCode ||
    !campaign.setupPaymentProcessed
  ) {
    return 'not_needed';
  }
  const client = twilioClient(platformTwilioAccount());
  const friendlyName = campaignNumberName(campaignId);
  let outcome: ProvisionOutcome = 'found';
  let [number] = await client.incomingPhoneNumbers.list({ friendlyName, limit: 1 });
  if (!number) {
    const available = await client.availablePhoneNumbers('US').local.list({
      areaCode: Number(campaign.providedNumberAreaCode),
      voiceEnabled: true,
      limit: CANDIDATES,
    });
    const bought = await buyFirstStillAvailable(
      client,
      shuffled(available.map((candidate) => candidate.phoneNumber)),
      friendlyName,
    );
    if (!bought) return 'unavailable';
    number = bought;
    outcome = 'bought';
  } else if (number.voiceUrl !== inboundCallUrl() || number.statusCallback !== inboundStatusUrl()) {
    // Bought by a run that died before it was set up, or before calls into it reached the agent.
    number = await client.incomingPhoneNumbers(number.sid).update(inboundWebhooks());
  }
  await sequelize.transaction(async (transaction) => {
    const locked = await Campaign.findByPk(campaignId, { transaction, lock: true });
    if (!locked || locked.providedPhoneNumber) return;
    await locked.update(
      { providedPhoneNumber: number.phoneNumber, providedPhoneNumberSid: number.sid },
      { transaction },
    );
    const phone = await setSetupFlagBySystem(locked, 'setupPhoneNumberConfigured', true, transaction);
    const account = await setSetupFlagBySystem(locked, 'setupTwilioConfigured', true, transaction);
    if (!phone && !account) publishCampaign(locked, transaction);
  });
  return outcome;
}
