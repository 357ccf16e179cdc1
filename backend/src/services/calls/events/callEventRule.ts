/**
 * The rule for one provider event, in memory: a call's status only moves forward, AMD's answer is
 * kept once, and an event about another account's call or another CallSid is foreign.
 */
import {
  advanceCallStatus,
  isFinalCallStatus,
  TWILIO_CALL_STATUS,
  type AnsweredBy,
  type CallEventPayload,
} from '@ringcast/shared-types';
import type { CallRecord } from '../../../db/models';

/** AMD's answer as ours: every machine_* is a machine, fax too; `unknown` is treated as a person. */
function answeredByOf(amd: string | undefined): AnsweredBy | null {
  if (!amd) return null;
  if (amd === 'human') return 'human';
  if (amd.startsWith('machine') || amd === 'fax') return 'machine';
  return 'unknown';
}

const at = (timestamp: string | undefined) => {
  const parsed = timestamp ? new Date(timestamp) : new Date();
  return Number.isNaN(parsed.getTime()) ? new Date() : parsed;
};

function applyStatus(call: CallRecord, event: CallEventPayload): boolean {
  const incoming = event.callStatus ? TWILIO_CALL_STATUS[event.callStatus] : undefined;
  const next = incoming && advanceCallStatus(call.status, incoming);
  if (!next) return false;
  const when = at(event.timestamp);
  call.status = next;
  if (next === 'in_progress' && !call.startedAt) call.startedAt = when;
  if (isFinalCallStatus(next)) {
    call.endedAt = when;
    if (event.callDuration !== undefined) call.durationSeconds = event.callDuration;
    if (event.sipResponseCode !== undefined) call.sipResponseCode = event.sipResponseCode;
    // A call that never answered has no start; one that did lasted its reported duration.
    if (next === 'completed' && !call.startedAt) {
      call.startedAt = new Date(when.getTime() - call.durationSeconds * 1000);
    }
  }
  return true;
}

function applyAmd(call: CallRecord, event: CallEventPayload): boolean {
  if (call.amdResult) return false;
  call.amdResult = event.answeredBy ?? 'unknown';
  const answeredBy = answeredByOf(event.answeredBy);
  // Once counted (as a person, when nobody had said), a late answer is kept only if it changes
  // nothing counted, so the record keeps matching the statistics.
  if (!call.settledAt || answeredBy !== 'machine') call.answeredBy = answeredBy;
  return true;
}

/** What one event did to its call, in memory: the rule every path that applies events shares. */
export interface EventEffect {
  /** The call's recorded state moved. */
  changed: boolean;
  /** The call reached its final state with this event. */
  ended: boolean;
  /** A machine answered and the call is still live: leave the message or hang up now. */
  machineAnswered: boolean;
}

/** An event about another account's call, or about another CallSid than the one the call has. */
export const isForeignEvent = (call: CallRecord, event: CallEventPayload) =>
  call.accountSid !== event.accountSid ||
  Boolean(call.providerCallSid && call.providerCallSid !== event.callSid);

/**
 * Moves a call (locked by the caller, and not foreign to the event) by one event recorded for the
 * first time: the status only moves forward, AMD's answer is kept once. Nothing is written here;
 * the caller saves the call, or settles it when `ended`.
 */
export function applyEventToCall(call: CallRecord, event: CallEventPayload): EventEffect {
  if (!call.providerCallSid) call.providerCallSid = event.callSid;
  const wasFinal = isFinalCallStatus(call.status);
  const changed = event.kind === 'amd' ? applyAmd(call, event) : applyStatus(call, event);
  call.lastEventAt = new Date();
  const ended = !wasFinal && isFinalCallStatus(call.status);
  const machineAnswered =
    event.kind === 'amd' && changed && call.answeredBy === 'machine' && !isFinalCallStatus(call.status);
  return { changed, ended, machineAnswered };
}
