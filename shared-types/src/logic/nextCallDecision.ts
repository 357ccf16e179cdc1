import { nextBillingMonthStart } from './callAccounting';
import {
  nextWindowOpening,
  isInsideWindow,
  stateCallCap,
  type CallingHours,
  type WindowScope,
} from './callingWindow';
import { isE164Phone } from './phone';
import { isKnownTimeZone } from './zonedTime';

/** Why a prospect is not called now. */
export const NO_CALL_REASONS = [
  'outside_hours',
  'state_rule',
  'do_not_call',
  'attempts_exhausted',
  'daily_cap',
  'retry_wait',
  'unknown_time_zone',
  'invalid_number',
  'monthly_volume_used',
  'callback',
] as const;
export type NoCallReason = (typeof NO_CALL_REASONS)[number];

export const NO_CALL_MESSAGES: Record<NoCallReason, string> = {
  outside_hours: "Outside the calling hours in the prospect's local time",
  state_rule: "A rule of the prospect's state does not allow a call now",
  do_not_call: 'On a do-not-call list',
  attempts_exhausted: 'Every attempt has been made',
  daily_cap: 'Called as often as allowed in 24 hours',
  retry_wait: 'Waiting before the next attempt',
  unknown_time_zone: "The prospect's time zone is not known",
  invalid_number: 'Not a valid phone number',
  monthly_volume_used: "This month's call volume is used up",
  callback: 'They asked to be called back then',
};

/** Attempts per prospect: busy and no-answer are tried again up to this many calls in all. */
export const MAX_ATTEMPTS = { default: 3, min: 1, max: 5 } as const;
/** Minutes between attempts of one prospect. */
export const RETRY_DELAY_MINUTES = { default: 240, min: 30 } as const;
/** No number is called more than this often in any 24 hours, whatever its state. */
export const DEFAULT_MAX_CALLS_PER_24H = 3;
/** Besides the ring timeout, the time a call needs before a window closes. */
export const WINDOW_CLOSE_MARGIN_MS = 60_000;
/** Call results after which the prospect is tried again. */
export const RETRYABLE_RESULTS: readonly string[] = ['busy', 'no_answer'];

const DAY_MS = 86_400_000;

export interface DecisionProspect {
  phoneNumber: string;
  timeZones: readonly string[];
  states: readonly string[];
}

export interface DecisionCampaign {
  /** Null: the whole legal window, every day. */
  callingHours: CallingHours | null;
  maxAttempts: number;
  retryDelayMinutes: number;
  ringTimeoutSeconds: number;
}

export interface CallHistory {
  /** This campaign's calls to the prospect so far. */
  attempts: number;
  lastAttemptAt: Date | null;
  /** When the number was dialed in the last 24 hours, by any campaign of the customer. */
  recentCalls: readonly Date[];
  onDoNotCallList: boolean;
  monthlyVolumeUsed: boolean;
  /** The last call found the number invalid. */
  invalidNumber?: boolean;
}

export type CallDecision =
  | { call: true }
  /** notBefore null: never, as things stand. */
  | { call: false; reason: NoCallReason; notBefore: Date | null };

/** A North American number in E.164 with a valid shape (area code and exchange not starting 0 or 1). */
const NANP_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;

/**
 * Numbers reach the dialer validated by libphonenumber when their list was parsed; a North
 * American one is taken on its shape (a full check costs 40 µs, and the dispatcher decides
 * hundreds of prospects a second), any other gets the full check.
 */
const isDialableNumber = (phoneNumber: string) => NANP_E164.test(phoneNumber) || isE164Phone(phoneNumber);

const never = (reason: NoCallReason): CallDecision => ({ call: false, reason, notBefore: null });

/** When the calls to this number in the last 24 hours leave room for one more, and who caps them. */
function capFreeAt(states: readonly string[], history: CallHistory, now: number) {
  const stateCap = stateCallCap(states);
  const cap = Math.min(DEFAULT_MAX_CALLS_PER_24H, stateCap ?? Infinity);
  const recent = history.recentCalls
    .map((at) => at.getTime())
    .filter((at) => at > now - DAY_MS && at <= now)
    .sort((a, b) => a - b);
  if (recent.length < cap) return null;
  return {
    at: recent[recent.length - cap] + DAY_MS,
    reason: (stateCap !== null && stateCap < DEFAULT_MAX_CALLS_PER_24H
      ? 'state_rule'
      : 'daily_cap') as NoCallReason,
  };
}

/**
 * Whether the prospect may be called now, or not before which instant and why. The one place the
 * calling rules meet: the dispatcher stores its answer as the prospect's next attempt, and the
 * campaign page shows it. The window must be open in every zone the number may ring in, under
 * every state's rule that applies, with the ring timeout and a minute left before it closes.
 */
export function nextCallDecision(
  prospect: DecisionProspect,
  campaign: DecisionCampaign,
  history: CallHistory,
  now: Date,
): CallDecision {
  if (history.invalidNumber || !isDialableNumber(prospect.phoneNumber)) return never('invalid_number');
  if (history.onDoNotCallList) return never('do_not_call');
  if (history.attempts >= campaign.maxAttempts) return never('attempts_exhausted');
  if (!prospect.timeZones.length || !prospect.timeZones.every(isKnownTimeZone))
    return never('unknown_time_zone');
  const at = now.getTime();
  if (history.monthlyVolumeUsed) {
    return { call: false, reason: 'monthly_volume_used', notBefore: nextBillingMonthStart(now) };
  }

  const scope = windowScopeOf(prospect, campaign);
  const retryAt =
    history.attempts > 0 && history.lastAttemptAt
      ? history.lastAttemptAt.getTime() + campaign.retryDelayMinutes * 60_000
      : 0;
  const cap = capFreeAt(prospect.states, history, at);
  const earliest = Math.max(at, retryAt, cap?.at ?? 0);
  const opening = nextWindowOpening(earliest, scope);
  if (opening === at) return { call: true };

  let reason: NoCallReason;
  if (retryAt > at) reason = 'retry_wait';
  else if (cap && cap.at > at) reason = cap.reason;
  else reason = closedReason(at, scope);
  return { call: false, reason, notBefore: opening === null ? null : new Date(opening) };
}

/** Where and under which hours a prospect's calls may start: the scope the window functions read. */
export const windowScopeOf = (area: CallingAreaFields, campaign: DecisionCampaign): WindowScope => ({
  timeZones: area.timeZones,
  states: area.states,
  hours: campaign.callingHours,
  marginMs: campaign.ringTimeoutSeconds * 1000 + WINDOW_CLOSE_MARGIN_MS,
});

const closedReason = (at: number, scope: WindowScope): NoCallReason =>
  isInsideWindow(at, { ...scope, withoutStateRules: true }) ? 'state_rule' : 'outside_hours';

type CallingAreaFields = Pick<DecisionProspect, 'timeZones' | 'states'>;

/**
 * Whether the window of a calling area (zones and states) is closed now, and until when: no prospect
 * there may be called before that instant, whatever its history (retries and caps only push a
 * prospect's time later), so the dispatcher may move them all at once. Null while the window is
 * open, when the zones are not known, or when no opening comes: each prospect's own decision
 * tells those.
 */
export function callingAreaClosedNow(
  area: CallingAreaFields,
  campaign: DecisionCampaign,
  now: Date,
): { reason: NoCallReason; notBefore: Date } | null {
  if (!area.timeZones.length || !area.timeZones.every(isKnownTimeZone)) return null;
  const scope = windowScopeOf(area, campaign);
  const at = now.getTime();
  const opening = nextWindowOpening(at, scope);
  if (opening === null || opening === at) return null;
  return { reason: closedReason(at, scope), notBefore: new Date(opening) };
}

/**
 * When a prospect of this area never called may first be called: `now` while the window is open,
 * its next opening while closed. Null when the zones are not known or no opening comes. Every other
 * prospect of the area comes later or at the same time (a retry or a cap only pushes it later).
 */
export function callingAreaOpening(
  area: CallingAreaFields,
  campaign: DecisionCampaign,
  now: Date,
): Date | null {
  if (!area.timeZones.length || !area.timeZones.every(isKnownTimeZone)) return null;
  const opening = nextWindowOpening(now.getTime(), windowScopeOf(area, campaign));
  return opening === null ? null : new Date(opening);
}

/** A prospect's next attempt as shown, with why it waits (null while it may be called, or done). */
export interface ShownNextAttempt {
  at: Date | null;
  reason: string | null;
}

/**
 * The next attempt to show for a prospect's stored one. A time still ahead was decided by the
 * rules when it was written, and stands. A time come already (or the mark that asks the rules
 * again) means the dispatcher has not decided yet, or does not run (setup not complete, paused):
 * the rules are asked now, so the page never shows a past instant as "next". No stored time
 * (in a call, done) shows none, with the stored reason.
 */
export function shownNextAttempt(
  stored: { at: Date | null; reason: string | null },
  decide: () => CallDecision,
  now: Date,
): ShownNextAttempt {
  if (!stored.at || stored.at.getTime() > now.getTime()) return stored;
  const decision = decide();
  if (decision.call) return { at: now, reason: null };
  return { at: decision.notBefore, reason: decision.reason };
}

/**
 * nextCallDecision for many prospects of one campaign at one instant (a dispatcher's batch).
 * Prospects never called, with a dialable number and nothing against them, differ only in where
 * they may be, so their decision is worked out once per area: a batch of hundreds holds a few
 * dozen areas.
 */
export function callDecider(campaign: DecisionCampaign, now: Date) {
  const byCallingArea = new Map<string, CallDecision>();
  return (prospect: DecisionProspect, history: CallHistory): CallDecision => {
    const fresh =
      history.attempts === 0 &&
      !history.lastAttemptAt &&
      !history.recentCalls.length &&
      !history.onDoNotCallList &&
      !history.monthlyVolumeUsed &&
      !history.invalidNumber &&
      isDialableNumber(prospect.phoneNumber);
    if (!fresh) return nextCallDecision(prospect, campaign, history, now);
    const area = `${prospect.timeZones.join(',')}|${prospect.states.join(',')}`;
    let decision = byCallingArea.get(area);
    if (!decision) {
      decision = nextCallDecision(prospect, campaign, history, now);
      byCallingArea.set(area, decision);
    }
    return decision;
  };
}
