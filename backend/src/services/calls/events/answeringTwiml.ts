import { CallRecord, Campaign, User } from '../../../db/models';
import { hangupTwiml } from '../../../telephony/twiml';
import { relayTwiml } from '../../../telephony/relayTwiml';
import { briefOf } from '../../agent/agentBrief';
import { welcomeGreeting } from '../../agent/instructions';
import { mayConnectRelay } from './relayClaim';

/**
 * What Twilio plays when our call (`callSid`, as the signed request names it) is answered: the
 * agent, through ConversationRelay, greeting with the campaign's opening. Only a call being
 * answered gets it (live, unsettled, no relay session yet: mayConnectRelay); any other hangs up,
 * with no relay token. AMD answers later (asynchronously): a machine then gets the voicemail
 * instead (answerMachine). Twilio waits for this answer, so it reads no documents: the greeting
 * needs only the campaign and the owner's company name; the session loads the rest.
 */
export async function answeringTwiml(callId: number, callSid: string | undefined): Promise<string> {
  const call = await CallRecord.findByPk(callId, {
    attributes: [
      'id',
      'campaignId',
      'userId',
      'direction',
      'status',
      'settledAt',
      'relaySessionKey',
      'providerCallSid',
    ],
  });
  if (!call || !mayConnectRelay(call, callSid)) return hangupTwiml();
  // Read together: each round trip is a turn of a busy event loop the callee hears as silence.
  const [campaign, owner] = await Promise.all([
    Campaign.findByPk(call.campaignId),
    User.findByPk(call.userId, { attributes: ['companyName', 'phoneNumber'] }),
  ]);
  if (!campaign) return hangupTwiml();
  const greeting = welcomeGreeting(briefOf(campaign, owner, call.direction));
  return relayTwiml(
    { id: call.id, campaignId: call.campaignId, direction: call.direction, callSid },
    campaign.aiAgentVoice === 'male' ? 'male' : 'female',
    greeting,
    { record: Boolean(campaign.recordCalls) },
  );
}
