import twilio from 'twilio';
import { SETUP_FLAGS } from '@ringcast/shared-types';
import { sequelize } from '../../../db/sequelize';
import { CallRecord, Campaign } from '../../../db/models';
import { config } from '../../../config';
import { logger } from '../../../logger';
import { twilioClient } from '../../../providers/twilio';
import { callWebhookUrl } from '../../../telephony/callUrls';
import { announceCall, markCampaignChanged, prospectsReady } from '../read';
import { callLineFor, claimQueuedCall, lockCall, requeueDialingCall, storeCallSid } from '../shared';
import { rememberDialedCall } from './dialedCalls';
import { isNotToCall, stopCallingNumbers } from '../doNotCall';
import { acquireCallSlot, backOffAccount, releaseCallSlot } from './pacing';
import { settleCall } from '../settle';
import { recordCallPlaced } from '../../../metrics';

/** How long an account rests after Twilio answers 429 (too many requests). */
const TOO_MANY_REQUESTS_BACKOFF_MS = 2_000;

export type PlaceResult =
  | { placed: true; callSid: string; status: string }
  | { placed: false; waitMs: number }
  | { placed: false; reason: 'not_queued' | 'canceled' | 'refused' | 'unknown'; message?: string };

/** The campaign may still dial: a test call only needs the campaign to exist. */
function mayStillDial(call: CallRecord, campaign: Campaign | null): campaign is Campaign {
  if (!campaign) return false;
  if (call.test) return true;
  return (
    campaign.status === 'active' && SETUP_FLAGS.every((flag) => campaign[flag]) && prospectsReady(campaign)
  );
}

/**
 * Withdraws a call that was never handed to Twilio; its prospect goes back in line. Settled like
 * every call (settleCall), so any pacing slot it took is given back.
 */
export async function cancelQueuedCall(callId: number, reason: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const call = await lockCall(callId, transaction);
    if (!call || call.status !== 'queued') return;
    call.status = 'canceled';
    call.endedAt = new Date();
    call.errorMessage = reason;
    await settleCall(call, transaction);
    await announceCall(call, transaction);
  });
}

/** Twilio refused to create the call (a bad number, a permission): it failed, and is final. */
async function failDialingCall(callId: number, message: string): Promise<void> {
  await sequelize.transaction(async (transaction) => {
    const call = await lockCall(callId, transaction);
    if (!call || call.status !== 'dialing' || call.providerCallSid) return;
    call.status = 'failed';
    call.endedAt = new Date();
    call.errorMessage = message.slice(0, 255);
    await settleCall(call, transaction);
    await announceCall(call, transaction);
    markCampaignChanged(call.campaignId, transaction);
  });
}

/**
 * Places one queued call, at most once. Right before dialing it checks again that the campaign
 * may dial and the number is on no do-not-call list, then waits for a pacing slot of the account
 * (answering how long to wait), then moves the call `queued -> dialing` with a conditional update:
 * only the process that wins that update calls Twilio. The CallSid is stored after; a process
 * killed in between leaves a `dialing` call without one, which reconciliation looks up in Twilio.
 */
export async function placeCall(callId: number): Promise<PlaceResult> {
  const call = await CallRecord.findByPk(callId);
  if (!call || call.status !== 'queued') return { placed: false, reason: 'not_queued' };
  const campaign = await Campaign.findByPk(call.campaignId);
  if (!mayStillDial(call, campaign)) {
    await cancelQueuedCall(callId, 'The campaign stopped dialing');
    return { placed: false, reason: 'canceled' };
  }
  // Test calls too: the number may have been listed since the test call was asked for.
  if (await isNotToCall(call.userId, call.toNumber)) {
    await cancelQueuedCall(callId, 'On a do-not-call list');
    if (!call.test)
      await sequelize.transaction((transaction) =>
        stopCallingNumbers(call.userId, [call.toNumber], 'skipped', 'do_not_call', transaction),
      );
    return { placed: false, reason: 'canceled' };
  }
  const line = await callLineFor(campaign);
  if (!line?.fromNumber || line.account.accountSid !== call.accountSid) {
    await cancelQueuedCall(callId, 'The campaign has no line to call from');
    return { placed: false, reason: 'canceled' };
  }
  const accountSid = line.account.accountSid;
  // Before a slot is taken: should Redis fail, the job is retried with nothing held.
  await rememberDialedCall({ ...call.get({ plain: true }), accountSid });
  const waitMs = await acquireCallSlot(accountSid, callId);
  if (waitMs > 0) return { placed: false, waitMs };

  // Each write below is one statement, run again when the database picks it as a deadlock's
  // victim (shared/callRecords): failing the job would leave a placed call without its CallSid until
  // reconciliation.
  const claimed = await claimQueuedCall(call, line.fromNumber);
  if (!claimed) {
    await releaseCallSlot(accountSid, callId);
    return { placed: false, reason: 'not_queued' };
  }

  let created: { sid: string; status: string };
  try {
    created = await twilioClient(line.account).calls.create({
      to: call.toNumber,
      from: line.fromNumber,
      url: callWebhookUrl(callId, 'twiml'),
      method: 'POST',
      statusCallback: callWebhookUrl(callId, 'status'),
      statusCallbackMethod: 'POST',
      statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
      machineDetection: 'DetectMessageEnd',
      asyncAmd: 'true',
      asyncAmdStatusCallback: callWebhookUrl(callId, 'amd'),
      asyncAmdStatusCallbackMethod: 'POST',
      timeout: config.calls.ringTimeoutSeconds,
      timeLimit: config.calls.timeLimitSeconds,
    });
  } catch (err) {
    if (err instanceof twilio.RestException) {
      if (err.status === 429 || err.code === 20429) {
        await backOffAccount(accountSid, TOO_MANY_REQUESTS_BACKOFF_MS);
        await requeueDialingCall(callId);
        await releaseCallSlot(accountSid, callId);
        return { placed: false, waitMs: TOO_MANY_REQUESTS_BACKOFF_MS };
      }
      await failDialingCall(callId, `${err.code ?? err.status}: ${err.message}`);
      await releaseCallSlot(accountSid, callId);
      return { placed: false, reason: 'refused', message: err.message };
    }
    // The request may or may not have reached Twilio: never dial again blindly. Reconciliation
    // finds the call in Twilio or settles it as never placed.
    logger.warn({ err, callId }, 'placing a call ended without an answer; left for reconciliation');
    return { placed: false, reason: 'unknown' };
  }

  recordCallPlaced(accountSid);
  // The row just written is announced as held; should a callback have stored the CallSid first,
  // the row is whatever that callback made it, and is read.
  const placed = (await storeCallSid(call, created.sid)) ? call : await CallRecord.findByPk(callId);
  if (placed) await announceCall(placed);
  return { placed: true, callSid: created.sid, status: created.status };
}
