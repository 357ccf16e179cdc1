import type { AnsweredBy, CallOutcome, CallStatus } from '../domain/call';
import type { CampaignType } from '../domain/campaign';
import { transferResultLabel, type CallTransfer } from '../domain/transfer';
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

/**
 * At least this long with a person counts as successful, for a call the agent never spoke on and
 * nobody recorded an outcome of (a call still answered by the recorded script): the only sign left.
 */
export const SUCCESSFUL_CALL_SECONDS = 20;

/** The outcomes that make a call successful, whatever the campaign. */
export const SUCCESSFUL_OUTCOMES = [
  'interested',
  'appointment_booked',
] as const satisfies readonly CallOutcome[];

/**
 * What a campaign type counts as success besides those: a lead follow-up has done its job when the
 * lead sets a time to talk.
 */
const TYPE_SUCCESSFUL_OUTCOMES: Partial<Record<CampaignType, readonly CallOutcome[]>> = {
  'follow-up': ['call_back_later'],
};

export function isSuccessfulOutcome(outcome: CallOutcome | null | undefined, type?: CampaignType): boolean {
  if (!outcome) return false;
  return (
    (SUCCESSFUL_OUTCOMES as readonly CallOutcome[]).includes(outcome) ||
    Boolean(type && TYPE_SUCCESSFUL_OUTCOMES[type]?.includes(outcome))
  );
}

/**
 * Answered by a person (unknown is a person), then judged by its outcome when the call reached the
 * agent or has one: interested, a booking, or what the campaign's type adds. A call without either
 * keeps the old rule: the person stayed at least 20 seconds and did not ask to be left alone.
 */
export function isSuccessfulCall(
  call: {
    status: CallStatus;
    answeredBy: AnsweredBy | null;
    durationSeconds: number;
    outcome?: CallOutcome | null;
    /** The relay session of the call began: the agent was on the line. */
    reachedAgent?: boolean;
  },
  campaignType?: CampaignType,
): boolean {
  if (call.status !== 'completed' || call.answeredBy === 'machine') return false;
  if (call.reachedAgent || call.outcome) return isSuccessfulOutcome(call.outcome, campaignType);
  return call.durationSeconds >= SUCCESSFUL_CALL_SECONDS;
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

/**
 * A finished call's result as people read it: "Transferred to Sales" when the agent handed the
 * caller to a person who answered; otherwise its outcome when it has one, else how it ended.
 */
export function callResultLabelOf(call: {
  status: CallStatus;
  answeredBy: AnsweredBy | null;
  outcome?: CallOutcome | null;
  transfer?: Pick<CallTransfer, 'status' | 'destination'> | null;
}): string | null {
  const result = callResultOf(call);
  if (!result) return null;
  if (call.transfer?.status === 'connected') return transferResultLabel(call.transfer.destination);
  return call.outcome ? CALL_OUTCOME_LABELS[call.outcome] : CALL_RESULT_LABELS[result];
}
