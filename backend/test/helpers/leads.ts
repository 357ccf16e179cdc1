import { randomBytes } from 'node:crypto';
import { CallRecord, Prospect, ProspectList } from '../../src/db/models';
import { platformTwilioAccount } from '../../src/providers/twilio';
import { applyCallEvents } from '../../src/services/calls/events';
import { finalStatusEvent } from './callEvents';
import { userWithDraft } from './campaigns';

/** Calls that end as leads (docs/notifications.md), for the lead alert and digest tests. */
const word = () => randomBytes(4).toString('hex');

let attempts = 0;

/** A call of the campaign to the prospect, answered and talking (attempt: one more each time). */
export const callOf = (
  campaign: { id: number; userId: number },
  prospect: Prospect,
  outcome: CallRecord['outcome'],
  ended: { status: 'completed'; endedAt: Date; settledAt: Date } | null = null,
) =>
  CallRecord.create({
    campaignId: campaign.id,
    userId: campaign.userId,
    prospectId: prospect.id,
    attempt: ++attempts,
    toNumber: prospect.phoneNumber,
    fromNumber: '+12125550100',
    accountSid: platformTwilioAccount().accountSid,
    status: 'in_progress',
    answeredBy: 'human',
    dialedAt: new Date(),
    startedAt: new Date(),
    outcome,
    summary: 'Dana wants a quote for the spring cleaning. She asked for a call on Friday.',
    providerCallSid: `CA${randomBytes(16).toString('hex')}`,
    ...ended,
  });

/** An owner with a campaign, a prospect in New York, and a call of theirs answered and talking. */
export async function ownerWithLiveCall(baseUrl: string, outcome: CallRecord['outcome'] = 'interested') {
  const owner = await userWithDraft(baseUrl);
  const list = await ProspectList.create({
    userId: owner.user.id,
    name: `Leads ${word()}`,
    storedFileName: `leads-${word()}.csv`,
    status: 'ready',
  });
  const prospect = await Prospect.create({
    prospectListId: list.id,
    phoneNumber: '+12125550147',
    name: 'Dana Whitfield',
    timeZone: 'America/New_York',
  });
  const { accountSid } = platformTwilioAccount();
  const call = await callOf(owner.campaign, prospect, outcome);
  return { ...owner, call, accountSid, prospect };
}

/** The call's final status callback, applied as the dialer applies it: the call settles. */
export const settle = (call: CallRecord, accountSid: string) =>
  applyCallEvents([finalStatusEvent(call, accountSid)]);
