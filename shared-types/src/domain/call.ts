import type { AnalysisStatus, CallAnalysis, CallQuality } from './analysis';
import type { CallRecording } from './recording';
import type { CallTransfer } from './transfer';
/** A call that holds a line or a place in line: counted against concurrency, never two per number. */
export const LIVE_CALL_STATUSES = ['queued', 'dialing', 'ringing', 'in_progress'] as const;
export const FINAL_CALL_STATUSES = ['completed', 'busy', 'no_answer', 'failed', 'canceled'] as const;

/**
 * A call's life. `queued`: recorded, waiting for a pacing slot; `dialing`: handed to Twilio (the
 * conditional update that makes placing a call happen once); then Twilio's own progress. The last
 * five are final: once a call is in one, no callback moves it again.
 */
export const CALL_STATUSES = [...LIVE_CALL_STATUSES, ...FINAL_CALL_STATUSES] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export type FinalCallStatus = (typeof FINAL_CALL_STATUSES)[number];

/** Who picked up, as answering-machine detection says; `unknown` is treated as a person. */
export const ANSWERED_BY = ['human', 'machine', 'unknown'] as const;
export type AnsweredBy = (typeof ANSWERED_BY)[number];

export const CALL_DIRECTIONS = ['outbound', 'inbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

/**
 * The number of the person on the other end: the one we dialed, or, for a call someone rang into
 * the campaign's number, theirs (`toNumber` is then our own).
 */
export const otherPartyNumber = (call: {
  direction: CallDirection;
  toNumber: string;
  fromNumber: string | null;
}): string => (call.direction === 'inbound' ? (call.fromNumber ?? '') : call.toNumber);

/** What a conversation achieved, as the agent records it. */
export const CALL_OUTCOMES = [
  'interested',
  'appointment_booked',
  'call_back_later',
  'not_interested',
  'wrong_number',
  'do_not_call',
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/** Who ended a call that was answered or tried. */
export const CALL_ENDED_BY = ['agent', 'callee', 'system'] as const;
export type CallEndedBy = (typeof CALL_ENDED_BY)[number];

/** Why a call ended (telephony.md §8, after Vapi's and Retell's reasons). */
export const CALL_ENDED_REASONS = [
  'callee_hangup',
  'agent_hangup',
  'voicemail',
  'no_answer',
  'busy',
  'failed',
  'max_duration',
  'silence_timeout',
  'canceled',
  'error',
  /** The agent handed the caller to a person (`transfer_call`) and the person answered. */
  'transferred',
] as const;
export type CallEndedReason = (typeof CALL_ENDED_REASONS)[number];

/** What happens when a machine answers: leave the voicemail script after the beep, or hang up. */
export const VOICEMAIL_ACTIONS = ['leave_message', 'hang_up'] as const;
export type VoicemailAction = (typeof VOICEMAIL_ACTIONS)[number];

export interface CallRecord {
  id: number;
  campaignId: number;
  prospectId: number | null;
  /** The prospect's name from the list, when it had one. */
  prospectName: string | null;
  toNumber: string;
  fromNumber: string | null;
  direction: CallDirection;
  /** 1 for the first call to this prospect in this campaign, 2 for the first retry, ... */
  attempt: number;
  /** A test call from the campaign page: not counted in statistics or volume. */
  test: boolean;
  status: CallStatus;
  answeredBy: AnsweredBy | null;
  /** Seconds of conversation, as the provider reports. */
  durationSeconds: number;
  /** Answered (person or machine), so charged. */
  billable: boolean;
  successful: boolean;
  /** What the customer is charged for this call: decimal string with two places. */
  cost: string;
  /** What the telephony provider charged us, in USD (positive), once known. */
  price: string | null;
  outcome: CallOutcome | null;
  /** Two sentences on the conversation, once the call is over. */
  summary: string | null;
  endedBy: CallEndedBy | null;
  endedReason: CallEndedReason | null;
  /** The prospect's IANA time zone when known, for showing the call in their local time. */
  timeZone: string | null;
  /** The version of the campaign's agent that spoke (GET /api/campaigns/:id/versions). */
  agentVersion: number | null;
  /** The appointment the agent booked on this call (outcome `appointment_booked`). */
  appointmentId: number | null;
  /** That appointment's start, ISO 8601 UTC, and the prospect's zone it was spoken in; read by the call log. */
  appointmentStartsAt?: string | null;
  appointmentTimeZone?: string | null;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The promised call back this call kept (the dialer placed it for that callback). */
  callbackId?: number | null;
  /** When the call back promised on this call (`call_back_later`) is due, ISO 8601 UTC; read by the call log. */
  callbackAt?: string | null;
  /** The message left with a call back (`call_back_later`'s note), e.g. after a transfer nobody answered. */
  callbackNote?: string | null;
  /** The agent's transfer to a person on this call, once asked for. */
  transfer: CallTransfer | null;
  /** The call's recording while it is kept (the campaign records calls). */
  recording: CallRecording | null;
  /** What the model made of the conversation (answered calls, once analysed). */
  analysis: CallAnalysis | null;
  analysisStatus: AnalysisStatus | null;
  /** How the conversation flowed (answered calls the agent spoke on, once analysed). */
  quality: CallQuality | null;
}
