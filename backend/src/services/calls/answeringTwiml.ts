import { CallRecord, Campaign, User } from '../../db/models';
import { hangupTwiml } from '../../telephony/twiml';
import { relayTwiml } from '../../telephony/relayTwiml';
import { briefOf } from '../agent/agentBrief';
import { welcomeGreeting } from '../agent/instructions';

/**
 * What Twilio plays when our call is answered: the agent, through ConversationRelay, greeting with
 * the campaign's opening. AMD answers later (asynchronously): a machine then gets the voicemail
 * instead (answerMachine). Twilio waits for this answer, so it reads no documents: the greeting
 * needs only the campaign and the owner's company name; the session loads the rest.
 */
export async function answeringTwiml(callId: number): Promise<string> {
  const call = await CallRecord.findByPk(callId, {
    attributes: ['id', 'campaignId', 'userId', 'direction'],
  });
  if (!call) return hangupTwiml();
  // Read together: each round trip is a turn of a busy event loop the callee hears as silence.
  const [campaign, owner] = await Promise.all([
    Campaign.findByPk(call.campaignId),
    User.findByPk(call.userId, { attributes: ['companyName', 'phoneNumber'] }),
  ]);
  if (!campaign) return hangupTwiml();
  const greeting = welcomeGreeting(briefOf(campaign, owner, call.direction));
  return relayTwiml(call, campaign.aiAgentVoice === 'male' ? 'male' : 'female', greeting);
}
