import twilio from 'twilio';
import { UniqueConstraintError } from 'sequelize';
import type { InboundCallFields } from '@ringcast/shared-types';
import { CallRecord, Campaign, User } from '../../../db/models';
import { logger } from '../../../logger';
import { relayTwiml } from '../../../telephony/relayTwiml';
import { hangupTwiml } from '../../../telephony/twiml';
import { briefOf } from '../../agent/agentBrief';
import { welcomeGreeting } from '../../agent/instructions';
import { announceCall } from '../read';
import { insertInboundCall } from '../shared';
import { mayConnectRelay } from './relayClaim';

/** Said to someone who rings a number no campaign holds any more (released, or never ours). */
const NOT_IN_SERVICE = 'Sorry, this number is not in service. Goodbye.';

function notInServiceTwiml(): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say(NOT_IN_SERVICE);
  response.hangup();
  return response.toString();
}

/**
 * The campaign whose bought number was called. Its status does not matter: a paused or completed
 * campaign stops the calls we place, but someone calling the business back is still answered and
 * recorded (hanging up on them would lose the customer a caller the campaign itself brought).
 */
const campaignOfNumber = (toNumber: string) =>
  Campaign.findOne({
    where: { providedPhoneNumber: toNumber, useProvidedNumber: true },
    order: [['id', 'DESC']],
  });

/**
 * The call's record, created once per CallSid: a retried webhook finds the record the first
 * request made (the CallSid is unique) and is answered the same way.
 */
async function recordInboundCall(campaign: Campaign, fields: InboundCallFields) {
  const now = new Date();
  try {
    const call = await insertInboundCall({
      campaignId: campaign.id,
      userId: campaign.userId,
      toNumber: fields.To,
      fromNumber: fields.From,
      accountSid: fields.AccountSid,
      providerCallSid: fields.CallSid,
      agentVersion: campaign.agentVersion,
      status: 'in_progress',
      answeredBy: 'human',
      startedAt: now,
      lastEventAt: now,
    });
    return { call, created: true };
  } catch (err) {
    if (!(err instanceof UniqueConstraintError)) throw err;
    const call = await CallRecord.findOne({ where: { providerCallSid: fields.CallSid } });
    if (!call) throw err;
    return { call, created: false };
  }
}

/**
 * Answers a call to one of our numbers: the campaign's agent, with its inbound instructions, on a
 * new CallRecord (direction inbound, counted like the calls we place when its final status
 * arrives). A number on the customer's do-not-call list is answered like any other: opting out of
 * our calls never stops anyone reaching the business. A number no campaign holds hears that it is
 * not in service, and nothing is recorded. A retried webhook is answered the same way while the
 * call is still being answered; once its relay session began or it settled, it hangs up.
 */
export async function answerInboundCall(fields: InboundCallFields): Promise<string> {
  const campaign = await campaignOfNumber(fields.To);
  if (!campaign) {
    logger.warn({ to: fields.To, callSid: fields.CallSid }, 'inbound call to a number no campaign holds');
    return notInServiceTwiml();
  }
  const { call, created } = await recordInboundCall(campaign, fields);
  if (!mayConnectRelay(call, fields.CallSid)) return hangupTwiml();
  if (created) {
    await announceCall(call);
    logger.info({ callId: call.id, campaignId: campaign.id }, 'inbound call answered');
  }
  const owner = await User.findByPk(campaign.userId, { attributes: ['companyName', 'phoneNumber'] });
  const greeting = welcomeGreeting(briefOf(campaign, owner, 'inbound'));
  return relayTwiml(
    { id: call.id, campaignId: call.campaignId, direction: call.direction, callSid: fields.CallSid },
    campaign.aiAgentVoice === 'male' ? 'male' : 'female',
    greeting,
    { record: Boolean(campaign.recordCalls) },
  );
}

/** The inbound call a number's status callback is about, if it is ours (the account must match). */
export const findInboundCall = (callSid: string, accountSid: string) =>
  CallRecord.findOne({
    where: { providerCallSid: callSid, accountSid, direction: 'inbound' },
    attributes: ['id', 'accountSid'],
  });
