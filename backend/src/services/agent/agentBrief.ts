import {
  CAMPAIGN_TYPE_LABELS,
  formatPhone,
  isKnownTimeZone,
  localDateOf,
  localTimeAt,
  spokenClock,
  transferDestinationsOf,
  spokenDay,
  type AgentBookingFacts,
  type AgentBrief,
} from '@ringcast/shared-types';
import { QueryTypes } from 'sequelize';
import { sequelize } from '../../db/sequelize';
import { CallRecord, Campaign, type User } from '../../db/models';
import { ownedDocumentIds, readDocumentTexts } from '../agentDocuments';
import { clipDocuments, websiteList } from '../scripts/prompt';
import { loadBookingContext, type BookingContext } from '../appointments';
import type { TransferContext } from './transferTool';

const words = (value: string | null | undefined) => value?.trim() || null;

/** What a live call's agent needs of its row (the tools read the rest under a lock themselves). */
const CALL_COLUMNS = [
  'id',
  'campaignId',
  'userId',
  'prospectId',
  'direction',
  'toNumber',
  'fromNumber',
  'outcome',
  'transferDestination',
  'transferStatus',
  'transferReason',
  'relayStartedAt',
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
  'recordCalls',
  'agentDocuments',
  'appointmentHours',
  'transferDestinations',
] as const;

const CALL_WITH_BRIEF_SQL = `SELECT ${CALL_COLUMNS.map((c) => `cr.\`${c}\``).join(', ')},
       cp.id AS campaignFound, ${CAMPAIGN_COLUMNS.map((c) => `cp.\`${c}\``).join(', ')},
       u.companyName, u.phoneNumber, COALESCE(asked.queuedAt, cbk.createdAt) AS callbackAskedAt,
       cbk.timeZone AS callbackZone, pr.name AS prospectName
  FROM call_records cr
  LEFT JOIN campaigns cp ON cp.id = cr.campaignId
  LEFT JOIN users u ON u.id = cp.userId
  LEFT JOIN callbacks cbk ON cbk.id = cr.callbackId
  LEFT JOIN call_records asked ON asked.id = cbk.requestedOnCallId
  LEFT JOIN prospects pr ON pr.id = cr.prospectId
 WHERE cr.id = ?`;

const pick = (row: Record<string, unknown>, columns: readonly string[]) =>
  Object.fromEntries(columns.map((c) => [c, row[c]]));

/** What a relay session loads with its call: the brief, the booking and transfer contexts. */
export interface CallWithBrief {
  call: CallRecord;
  brief: AgentBrief;
  booking: BookingContext | null;
  transfer: TransferContext;
}

/**
 * A live call and everything its agent is told (from its campaign and the customer's profile), in
 * one plain statement of the columns they use: a relay
 * session starts with it, and on a busy api Sequelize's joins of whole rows (a campaign's every
 * script included) were most of the CPU of a session's start.
 */
export async function loadCallWithBrief(callId: number): Promise<CallWithBrief | null> {
  const [row] = await sequelize.query<Record<string, unknown>>(CALL_WITH_BRIEF_SQL, {
    replacements: [callId],
    type: QueryTypes.SELECT,
  });
  if (!row) return null;
  const call = CallRecord.build(pick(row, CALL_COLUMNS) as never, { isNewRecord: false, raw: true });
  if (row.campaignFound == null) throw new Error(`campaign ${call.campaignId} of a live call is gone`);
  const campaign = Campaign.build(pick(row, CAMPAIGN_COLUMNS) as never, { isNewRecord: false, raw: true });
  const owner = row as Pick<User, 'companyName' | 'phoneNumber'>;
  const person = call.direction === 'inbound' ? (call.fromNumber ?? call.toNumber) : call.toNumber;
  const booking = await loadBookingContext(
    {
      id: call.campaignId,
      userId: call.userId,
      type: campaign.type,
      appointmentHours: campaign.appointmentHours,
    },
    { prospectId: call.prospectId ?? null, phoneNumber: person },
  );
  const brief = await withDocuments(call, campaign, owner, booking);
  const promised = promisedCallbackLine(row.callbackAskedAt, row.callbackZone);
  const transfer: TransferContext = {
    destinations: transferDestinationsOf(campaign.transferDestinations, owner.phoneNumber),
    callerName:
      typeof row.prospectName === 'string' && row.prospectName.trim() ? row.prospectName.trim() : null,
    callerNumber: person,
    campaignName: String(row.name ?? ''),
    transferred: Boolean(call.transferDestination),
  };
  return {
    call,
    booking,
    transfer,
    brief: promised ? { ...brief, promisedCallback: promised } : brief,
  };
}

/**
 * What a booking campaign's agent is told of time: now and today on the prospect's clock (the
 * dates it asks about are read there), and whether the calendar needs the callee's email.
 */
export function bookingFacts(booking: BookingContext, now = Date.now()): AgentBookingFacts {
  const zone = booking.timeZone;
  return {
    timeZone: zone,
    localNow: `${spokenDay(now, zone)} at ${spokenClock(localTimeAt(now, zone).minute)}`,
    today: localDateOf(now, zone),
    needsEmail: Boolean(booking.calendar?.needsEmail),
  };
}

/**
 * The agent of a call placed to keep a promise is told so, with the day the callee asked: the day
 * of the call that asked, by the dialer's clock, on the callee's.
 */
function promisedCallbackLine(askedAt: unknown, zone: unknown): string | null {
  if (!askedAt) return null;
  const day = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: typeof zone === 'string' && isKnownTimeZone(zone) ? zone : 'UTC',
  }).format(new Date(askedAt as string));
  return `This is the call back they asked for on ${day}.`;
}

/**
 * What the agent of a campaign's outbound call is told, without a call (the playground): the same
 * brief a live call's session loads, documents included, and the booking context of a booking
 * campaign (with no prospect: times on the business's clock).
 */
export async function loadCampaignBrief(
  campaign: Campaign,
  owner: Pick<User, 'companyName' | 'phoneNumber'> | null,
): Promise<{ brief: AgentBrief; booking: BookingContext | null }> {
  const booking = await loadBookingContext(campaign, { prospectId: null, phoneNumber: null });
  const brief = await withDocuments(
    { userId: campaign.userId, direction: 'outbound' },
    campaign,
    owner,
    booking,
  );
  return { brief, booking };
}

async function withDocuments(
  call: Pick<CallRecord, 'userId' | 'direction'>,
  campaign: Campaign,
  owner: Pick<User, 'companyName' | 'phoneNumber'> | null,
  booking: BookingContext | null,
): Promise<AgentBrief> {
  const documentIds = await ownedDocumentIds(call.userId, campaign.agentDocuments ?? []);
  const documents = clipDocuments(await readDocumentTexts(call.userId, documentIds));
  return {
    ...briefOf(campaign, owner, call.direction),
    documents,
    ...(booking ? { booking: bookingFacts(booking) } : {}),
  };
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
    recorded: Boolean(campaign.recordCalls),
  };
}
