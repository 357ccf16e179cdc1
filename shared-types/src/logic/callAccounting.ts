import type { AnsweredBy, CallOutcome, CallStatus } from '../domain/call';
import { PRICE_TIERS } from './pricing';

/**
 * The definitions every counter uses (campaign totals, the dashboard, the campaign page, the
 * monthly volume), so they can never disagree.
 */

/** A call counts in `totalCalls` once it was placed: any final state but canceled before dialing. */
export function isPlacedCall(call: { status: CallStatus; dialed: boolean }): boolean {
  if (call.status === 'canceled') return call.dialed;
  return ['completed', 'busy', 'no_answer', 'failed'].includes(call.status);
}

/** Billable when answered, by a person or a machine; busy, no-answer and failed cost nothing. */
export const isBillableCall = (call: { status: CallStatus }) => call.status === 'completed';

/** At least this long with a person counts as successful (until the agent records an outcome). */
export const SUCCESSFUL_CALL_SECONDS = 20;

/**
 * Answered by a person (unknown is a person) who did not ask to be left alone, and lasted at
 * least 20 seconds.
 */
export function isSuccessfulCall(call: {
  status: CallStatus;
  answeredBy: AnsweredBy | null;
  durationSeconds: number;
  outcome?: CallOutcome | null;
}): boolean {
  return (
    call.status === 'completed' &&
    call.answeredBy !== 'machine' &&
    call.outcome !== 'do_not_call' &&
    call.durationSeconds >= SUCCESSFUL_CALL_SECONDS
  );
}

/** The charge, in cents, of the month's n-th billable call: the graduated rate of its tier. */
export function callChargeCents(positionInMonth: number): number {
  const tier = PRICE_TIERS.find((t) => positionInMonth <= t.upTo) ?? PRICE_TIERS[PRICE_TIERS.length - 1];
  return tier.cents;
}

/** The calendar month (UTC) a call is counted in, as "2026-11". */
export const billingMonthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The instant the next UTC month begins. */
export function nextBillingMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** How a finished call shows in charts and filters. */
export const CALL_RESULTS = ['person', 'voicemail', 'busy', 'no_answer', 'failed', 'canceled'] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

export function callResultOf(call: { status: CallStatus; answeredBy: AnsweredBy | null }): CallResult | null {
  switch (call.status) {
    case 'completed':
      return call.answeredBy === 'machine' ? 'voicemail' : 'person';
    case 'busy':
    case 'no_answer':
    case 'failed':
    case 'canceled':
      return call.status;
    default:
      return null;
  }
}

export const CALL_RESULT_LABELS: Record<CallResult, string> = {
  person: 'Answered by a person',
  voicemail: 'Voicemail',
  busy: 'Busy',
  no_answer: 'No answer',
  failed: 'Failed',
  canceled: 'Canceled',
};

/** What the conversation achieved, where a callee said so (pressing 9 today, the agent later). */
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  interested: 'Interested',
  appointment_booked: 'Appointment booked',
  call_back_later: 'Call back later',
  not_interested: 'Not interested',
  wrong_number: 'Wrong number',
  do_not_call: 'Asked not to be called',
};

/** A finished call's result as people read it: its outcome when it has one, else how it ended. */
export function callResultLabelOf(call: {
  status: CallStatus;
  answeredBy: AnsweredBy | null;
  outcome?: CallOutcome | null;
}): string | null {
  const result = callResultOf(call);
  if (!result) return null;
  return call.outcome ? CALL_OUTCOME_LABELS[call.outcome] : CALL_RESULT_LABELS[result];
}
