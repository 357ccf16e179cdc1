import { CAMPAIGN_TYPE_LABELS, formatPhone, type AgentBrief } from '@ringcast/shared-types';
import { QueryTypes } from 'sequelize';
import { sequelize } from '../../db/sequelize';
import { CallRecord, Campaign, type User } from '../../db/models';
import { ownedDocumentIds, readDocumentTexts } from '../agentDocuments';
import { clipDocuments, websiteList } from '../scripts/prompt';

const words = (value: string | null | undefined) => value?.trim() || null;

/** What a live call's agent needs of its row (the tools read the rest under a lock themselves). */
const CALL_COLUMNS = [
  'id',
  'campaignId',
  'userId',
  'direction',
  'toNumber',
  'fromNumber',
  'outcome',
] as const;
/** Everything briefOf and the documents read of a campaign, and nothing else. */
const CAMPAIGN_COLUMNS = [
  'name',
  'type',
  'customType',
  'goal',
  'audienceIndustry',
  'audienceAgeRange',
  'audienceOther',
  'providedPhoneNumber',
  'aiAgentName',
  'aiAgentTone',
  'scriptAnswering',
  'scriptQuestions',
  'scriptAfterAnswers',
  'scriptRebuttals',
  'scriptNotInterested',
  'scriptVoicemail',
  'scriptOther',
  'companyWebsites',
  'agentDocuments',
] as const;

const CALL_WITH_BRIEF_SQL = `SELECT ${CALL_COLUMNS.map((c) => `cr.\`${c}\``).join(', ')},
       cp.id AS campaignFound, ${CAMPAIGN_COLUMNS.map((c) => `cp.\`${c}\``).join(', ')},
       u.companyName, u.phoneNumber
  FROM call_records cr
  LEFT JOIN campaigns cp ON cp.id = cr.campaignId
  LEFT JOIN users u ON u.id = cp.userId
 WHERE cr.id = ?`;

const pick = (row: Record<string, unknown>, columns: readonly string[]) =>
  Object.fromEntries(columns.map((c) => [c, row[c]]));

/**
 * A live call and everything its agent is told (from its campaign and the customer's profile), in
 * one plain statement of the columns they use: a relay
 * session starts with it, and on a busy api Sequelize's joins of whole rows (a campaign's every
 * script included) were most of the CPU of a session's start.
 */
export async function loadCallWithBrief(
  callId: number,
): Promise<{ call: CallRecord; brief: AgentBrief } | null> {
  const [row] = await sequelize.query<Record<string, unknown>>(CALL_WITH_BRIEF_SQL, {
    replacements: [callId],
    type: QueryTypes.SELECT,
  });
  if (!row) return null;
  const call = CallRecord.build(pick(row, CALL_COLUMNS) as never, { isNewRecord: false, raw: true });
  if (row.campaignFound == null) throw new Error(`campaign ${call.campaignId} of a live call is gone`);
  const campaign = Campaign.build(pick(row, CAMPAIGN_COLUMNS) as never, { isNewRecord: false, raw: true });
  const owner = row as Pick<User, 'companyName' | 'phoneNumber'>;
  return { call, brief: await withDocuments(call, campaign, owner) };
}

/**
 * What the agent of a campaign's outbound call is told, without a call (the playground): the same
 * brief a live call's session loads, documents included.
 */
export async function loadCampaignBrief(
  campaign: Campaign,
  owner: Pick<User, 'companyName' | 'phoneNumber'> | null,
): Promise<AgentBrief> {
  return withDocuments({ userId: campaign.userId, direction: 'outbound' }, campaign, owner);
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

/** Reads only the campaign columns in CAMPAIGN_COLUMNS (a live call's campaign has no others). */
export function briefOf(
  campaign: Campaign,
  owner: Pick<User, 'companyName' | 'phoneNumber'> | null,
  direction: AgentBrief['direction'],
): AgentBrief {
  const audience = [campaign.audienceIndustry, campaign.audienceAgeRange, campaign.audienceOther]
    .map(words)
    .filter(Boolean)
    .join('; ');
  const callback = words(owner?.phoneNumber) ?? words(campaign.providedPhoneNumber);
  return {
    direction,
    businessName: words(owner?.companyName) ?? campaign.name,
    // Asked for a number to call back, the agent gives the business's own, as people say it.
    callbackNumber: callback ? formatPhone(callback) : null,
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
