import { CAMPAIGN_TYPE_LABELS, type AgentBrief } from '@ringcast/shared-types';
import { CallRecord, Campaign, User } from '../../db/models';
import { ownedDocumentIds, readDocumentTexts } from '../agentDocuments';
import { clipDocuments, websiteList } from '../scripts/prompt';

const words = (value: string | null | undefined) => value?.trim() || null;

/** Everything the agent is told about a call, from its campaign and the customer's profile. */
export async function loadAgentBrief(call: Pick<CallRecord, 'campaignId' | 'userId' | 'direction'>) {
  const [campaign, owner] = await Promise.all([
    Campaign.findByPk(call.campaignId),
    User.findByPk(call.userId, { attributes: ['companyName', 'phoneNumber'] }),
  ]);
  if (!campaign) throw new Error(`campaign ${call.campaignId} of a live call is gone`);
  return withDocuments(call, campaign, owner);
}

type CampaignWithOwner = Campaign & { owner?: Pick<User, 'companyName' | 'phoneNumber'> | null };

/**
 * A live call and its agent's brief, with its campaign and owner read in the same statement: a
 * relay session starts with it, and 200 starting at once should not cost 600 statements.
 */
export async function loadCallWithBrief(
  callId: number,
): Promise<{ call: CallRecord; brief: AgentBrief } | null> {
  const call = await CallRecord.findByPk(callId, {
    include: [
      {
        model: Campaign,
        required: false,
        include: [{ model: User, as: 'owner', attributes: ['companyName', 'phoneNumber'], required: false }],
      },
    ],
  });
  if (!call) return null;
  const campaign = call.get('Campaign') as CampaignWithOwner | null | undefined;
  if (!campaign) throw new Error(`campaign ${call.campaignId} of a live call is gone`);
  return { call, brief: await withDocuments(call, campaign, campaign.owner ?? null) };
}

async function withDocuments(
  call: Pick<CallRecord, 'userId' | 'direction'>,
  campaign: Campaign,
  owner: Pick<User, 'companyName' | 'phoneNumber'> | null,
): Promise<AgentBrief> {
  const documentIds = await ownedDocumentIds(call.userId, campaign.agentDocuments ?? []);
  const documents = clipDocuments(await readDocumentTexts(call.userId, documentIds));
  return { ...briefOf(campaign, owner, call.direction), documents };
}

export function briefOf(
  campaign: Campaign,
  owner: Pick<User, 'companyName' | 'phoneNumber'> | null,
  direction: AgentBrief['direction'],
): AgentBrief {
  const audience = [campaign.audienceIndustry, campaign.audienceAgeRange, campaign.audienceOther]
    .map(words)
    .filter(Boolean)
    .join('; ');
  return {
    direction,
    businessName: words(owner?.companyName) ?? campaign.name,
    // Asked for a number to call back, the agent gives the business's own.
    callbackNumber: words(owner?.phoneNumber) ?? words(campaign.providedPhoneNumber),
    agentName: words(campaign.aiAgentName) ?? 'Alex',
    tones: words(campaign.aiAgentTone),
    campaignType: words(campaign.customType) ?? CAMPAIGN_TYPE_LABELS[campaign.type] ?? campaign.type,
    goal: words(campaign.goal),
    audience: audience || null,
    scripts: {
      answering: words(campaign.scriptAnswering) ?? undefined,
      questions: words(campaign.scriptQuestions) ?? undefined,
      afterAnswers: words(campaign.scriptAfterAnswers) ?? undefined,
      rebuttals: words(campaign.scriptRebuttals) ?? undefined,
      notInterested: words(campaign.scriptNotInterested) ?? undefined,
      voicemail: words(campaign.scriptVoicemail) ?? undefined,
      other: words(campaign.scriptOther) ?? undefined,
    },
    documents: [],
    websites: websiteList(campaign.companyWebsites),
  };
}
