import {
  TRANSFER_FALLBACK_GREETING,
  type TransferDestination,
  type TransferStatus,
} from '@ringcast/shared-types';
import { retriedTransaction } from '../../../db/deadlockRetry';
import { CallRecord, Campaign } from '../../../db/models';
import { logger } from '../../../logger';
import { enqueue } from '../../../queues';
import { relayTwiml } from '../../../telephony/relayTwiml';
import { transferDialTwiml, whisperTwiml } from '../../../telephony/transferTwiml';
import { hangupTwiml } from '../../../telephony/twiml';
import { announceCall } from '../read';
import { lockCall, saveLockedCalls } from '../shared';

/** The statuses of a transfer whose leg did not connect: the agent then takes a message. */
export const UNCONNECTED_TRANSFER_STATUSES: readonly TransferStatus[] = ['no_answer', 'busy', 'failed'];

/**
 * How the transferred leg went, by Twilio's DialCallStatus; undefined for a status we do not know.
 * A leg answered but never bridged (DialBridged false: the whisper's side hung up before the caller
 * was put through) reached nobody who took the call: the agent takes a message, as for no answer.
 */
export function transferStatusOfDial(
  dialCallStatus: string | undefined,
  dialBridged?: string,
): TransferStatus | undefined {
  switch (dialCallStatus) {
    case 'completed':
    case 'answered':
      return dialBridged === 'false' ? 'no_answer' : 'connected';
    case 'no-answer':
      return 'no_answer';
    case 'busy':
      return 'busy';
    case 'failed':
    case 'canceled':
      return 'failed';
    default:
      return undefined;
  }
}

/** What the agent asked for, as the call keeps it. */
export interface TransferRequest {
  destination: TransferDestination;
  reason: string;
  summary: string;
  /** `outside_hours`: the destination is closed, so it is never dialed. */
  status: 'outside_hours' | null;
  requestedAt: Date;
}

/**
 * Stores the agent's transfer on its call, once: only the relay session holding the call, while
 * it has not settled, and only the first transfer of a call (a second is 'already'). Announced
 * after the commit, so the call drawer shows the transfer while the destination rings.
 */
export async function storeTransferRequest(
  callId: number,
  sessionKey: string | null | undefined,
  request: TransferRequest,
): Promise<'stored' | 'already' | 'closed'> {
  return retriedTransaction(async (transaction) => {
    const call = await lockCall(callId, transaction);
    if (!call || call.settledAt || !sessionKey || call.relaySessionKey !== sessionKey) return 'closed';
    if (call.transferRequestedAt) return 'already';
    call.transferDestination = request.destination.label;
    call.transferNumber = request.destination.phoneNumber;
    call.transferReason = request.reason.slice(0, 200);
    call.transferSummary = request.summary.slice(0, 500);
    call.transferStatus = request.status;
    call.transferRequestedAt = request.requestedAt;
    await saveLockedCalls([call], transaction);
    await announceCall(call, transaction);
    return 'stored';
  });
}

/** A transfer asked for and not yet rung through: its number is dialed next. */
const awaitsDial = (call: CallRecord) =>
  Boolean(call.transferRequestedAt && call.transferNumber) && call.transferStatus == null && !call.settledAt;

/** The number the person who answers a transfer sees: the one the caller sees or rang. */
const callerIdOf = (call: CallRecord) => (call.direction === 'inbound' ? call.toNumber : call.fromNumber);

/**
 * What Twilio does once the agent's session ended (the `<Connect action>` answer, after the end is
 * stored): a call whose agent asked for a transfer that still waits dials the destination; any
 * other hangs up. It only reads, so a repeated request is answered the same way.
 */
export async function relayEndedTwiml(callId: number): Promise<string> {
  const call = await CallRecord.findByPk(callId);
  const callerId = call && callerIdOf(call);
  if (!call || !awaitsDial(call) || !callerId) return hangupTwiml();
  return transferDialTwiml({ callId, phoneNumber: call.transferNumber!, callerId });
}

/**
 * What the person who answered the transfer hears first: the summary, in the agent's voice. Only
 * a child leg of this call (its ParentCallSid is the call's) while the transfer rings.
 */
export async function whisperAnswer(callId: number, parentCallSid: string | undefined): Promise<string> {
  const call = await CallRecord.findByPk(callId);
  if (!call || !call.transferSummary || !parentCallSid || call.providerCallSid !== parentCallSid)
    return hangupTwiml();
  const campaign = await Campaign.findByPk(call.campaignId, { attributes: ['id', 'aiAgentVoice'] });
  return whisperTwiml(campaign ?? { aiAgentVoice: null }, call.transferSummary);
}

/** Twilio's report of the transferred leg (the `<Dial action>` request). */
export interface TransferLegReport {
  callSid: string | undefined;
  dialCallStatus: string | undefined;
  dialCallSid: string | undefined;
  dialCallDuration: number | undefined;
  /** Twilio's DialBridged: 'false' when the leg answered but the caller was never put through. */
  dialBridged?: string;
}

/**
 * The transferred leg ended or never connected: its status, sid and length are stored once (a
 * repeated request finds them there and changes nothing). Connected: the agent's part ended the
 * call as a transfer (endedBy agent, `transferred`), and Twilio hangs the caller's leg up. Not
 * connected: a second relay session, in which the agent takes a message (the relay claim lets
 * exactly one such session follow an unconnected transfer). Either answer is the same on a repeat.
 */
export async function applyTransferStatus(callId: number, report: TransferLegReport): Promise<string> {
  const status = transferStatusOfDial(report.dialCallStatus, report.dialBridged);
  let stored = false;
  const call = await retriedTransaction(async (transaction) => {
    stored = false;
    const locked = await lockCall(callId, transaction);
    if (!locked || !locked.transferRequestedAt || locked.providerCallSid !== report.callSid) return null;
    if (locked.transferStatus != null || locked.settledAt || !status) return locked;
    stored = true;
    locked.transferStatus = status;
    locked.transferLegSid = report.dialCallSid ?? null;
    locked.transferLegSeconds = report.dialCallDuration ?? null;
    if (status === 'connected' && !locked.endedBy) {
      locked.endedBy = 'agent';
      locked.endedReason = 'transferred';
    }
    await saveLockedCalls([locked], transaction);
    await announceCall(locked, transaction);
    return locked;
  });
  // The agent's part is over once a person took the call: its summary is written now (a session
  // that ends for a transfer leaves it to what follows; a message session writes it as it closes).
  if (stored && call?.transferStatus === 'connected') {
    await enqueue('summarizeCall', { callId });
    await enqueue('analyzeCall', { callId });
  }
  if (!call || !call.transferStatus || call.transferStatus === 'connected' || call.settledAt)
    return hangupTwiml();
  if (!UNCONNECTED_TRANSFER_STATUSES.includes(call.transferStatus) || !report.callSid) return hangupTwiml();
  logger.info({ callId, status: call.transferStatus }, 'transfer not connected: the agent takes a message');
  const campaign = await Campaign.findByPk(call.campaignId, { attributes: ['id', 'aiAgentVoice'] });
  return relayTwiml(
    { id: call.id, campaignId: call.campaignId, direction: call.direction, callSid: report.callSid },
    campaign?.aiAgentVoice === 'male' ? 'male' : 'female',
    TRANSFER_FALLBACK_GREETING,
  );
}
