import {
  formatPhone,
  isFinalCallStatus,
  otherPartyNumber,
  type AnsweredBy,
  type CallDirection,
  type CallRecord,
  type CallStatus,
} from '@ringcast/shared-types';

export const CALL_STATUS_LABELS: Record<CallStatus, string> = {
  queued: 'Queued',
  dialing: 'Dialing',
  ringing: 'Ringing',
  in_progress: 'In progress',
  completed: 'Completed',
  busy: 'Busy',
  no_answer: 'No answer',
  failed: 'Failed',
  canceled: 'Canceled',
};

export const ANSWERED_BY_LABELS: Record<AnsweredBy, string> = {
  human: 'Person',
  machine: 'Machine',
  unknown: 'Person (unsure)',
};

/** "3:07": minutes and seconds of a call. */
export function formatCallDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The instant as a date and time in `timeZone` (the viewer's when undefined); null when the zone
 * is not one the browser knows. Without `seconds` for a time planned ahead (a next attempt), where
 * they only add width.
 */
export function formatCallTime(iso: string, timeZone?: string, { seconds = true } = {}): string | null {
  try {
    return new Intl.DateTimeFormat(undefined, {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      ...(seconds && { second: '2-digit' }),
      timeZone,
      // The prospect's zone is named ("EST"), so their time is not read as the viewer's.
      ...(timeZone && { timeZoneName: 'short' }),
    }).format(new Date(iso));
  } catch {
    return null;
  }
}

/**
 * Who is on the other end, as a title names them: the prospect's name (for a call rung into the
 * campaign's number, the prospect whose number rang in), or what stands in for it.
 */
export function calledPartyName(
  call: Pick<CallRecord, 'test' | 'prospectName'> & { direction?: CallDirection },
): string {
  if (call.prospectName) return call.prospectName;
  if (call.direction === 'inbound') return 'Caller';
  return call.test ? 'Test call' : 'Unnamed prospect';
}

/** The other party's number as the screens print it: the one dialed, or the caller's. */
export const partyPhone = (call: Pick<CallRecord, 'direction' | 'toNumber' | 'fromNumber'>): string =>
  formatPhone(otherPartyNumber(call));

/** A call's summary, or what stands in for it before it is written and where there is none. */
export function summaryText(call: Pick<CallRecord, 'status' | 'summary' | 'answeredBy'>): string {
  if (call.summary) return call.summary;
  if (!isFinalCallStatus(call.status)) return 'The summary is written when the call ends.';
  if (call.status === 'completed' && call.answeredBy !== 'machine') return 'The summary is being written.';
  return 'No conversation to summarize.';
}
