import {
  transferDestinationsOf,
  CAMPAIGN_NOT_FOUND,
  PLAYGROUND_FAILED,
  PLAYGROUND_NO_SCRIPTS,
  type PlaygroundInput,
  type PlaygroundReply,
} from '@ringcast/shared-types';
import { Campaign, User } from '../db/models';
import { conflict, upstreamFailed } from '../errors';
import { findOwned } from '../policies/ownership';
import { loadCampaignBrief } from './agent/agentBrief';
import { AgentConversation } from './agent/conversation';
import { agentInstructions, welcomeGreeting } from './agent/instructions';
import { PlaygroundSide } from './agent/playgroundSide';

/**
 * One turn of the playground: the campaign's agent, with the instructions, tools and model of a
 * live call and through the same conversation code, answers the callee's last message (or, for no
 * messages, says its opening as ConversationRelay would). Nothing is stored and no tool acts: no
 * call record, transcript, do-not-call row or statistic; the tools' calls come back as notes.
 * Any campaign of the owner's with an answering script may be tried, a draft too.
 */
export async function playAgentTurn(userId: number, input: PlaygroundInput): Promise<PlaygroundReply> {
  const campaign = await findOwned(Campaign, input.campaignId, userId, { message: CAMPAIGN_NOT_FOUND });
  if (!campaign.scriptAnswering?.trim()) throw conflict(PLAYGROUND_NO_SCRIPTS);
  const owner = await User.findByPk(userId, { attributes: ['companyName', 'phoneNumber'] });
  const { brief, booking } = await loadCampaignBrief(campaign, owner);
  const last = input.messages[input.messages.length - 1];
  if (!last) return { reply: welcomeGreeting(brief), toolCalls: [], ended: false };

  const destinations = transferDestinationsOf(campaign.transferDestinations, owner?.phoneNumber);
  const side = new PlaygroundSide({ playground: true, campaignId: campaign.id }, booking, destinations);
  let reply = '';
  let ended = false;
  let failed = false;
  const instructions = agentInstructions(brief, { destinations, transferred: false });
  const conversation = new AgentConversation(side, instructions, {
    speak: (token) => (reply += token),
    end: () => (ended = true),
    failed: () => (failed = true),
  });
  conversation.remember(input.messages.slice(0, -1).map((m) => ({ speaker: m.role, text: m.text })));
  await conversation.heard(last.text);
  await conversation.settled();
  if (failed) throw upstreamFailed(PLAYGROUND_FAILED);
  return { reply: reply.trim(), toolCalls: side.toolCalls, ended };
}
