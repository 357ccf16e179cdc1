import { nextWindowOpening } from './callingWindow';
import { isKnownTimeZone } from './zonedTime';
import { windowScopeOf, type DecisionCampaign, type DecisionProspect } from './nextCallDecision';

/**
 * A promised call back is never placed sooner than this after it was asked for: a callee who says
 * "call me back in five minutes", or whose time the agent heard as already past, gets a short
 * breath before the phone rings again (and the call that asked has time to end and settle).
 */
export const CALLBACK_MIN_LEAD_MINUTES = 15;
/** Nor later than this: "call me back in the spring" is kept as a call in a month, not forgotten. */
export const CALLBACK_MAX_AHEAD_DAYS = 30;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * When a promised call back is due: the instant the callee asked for, held between a short delay
 * from now and the farthest ahead we keep, then moved to the first moment the calling rules allow
 * at or after it (the legal window and the states' rules in every zone the number may ring in,
 * holidays where a state forbids them, the campaign's hours and days). When the rules name no
 * opening (unknown zones, windows that never meet), the held instant is kept and the dispatcher's
 * own decision says what becomes of it then.
 */
export function callbackDueAt(
  requested: Date,
  prospect: Pick<DecisionProspect, 'timeZones' | 'states'>,
  campaign: DecisionCampaign,
  now: Date,
): Date {
  const soonest = now.getTime() + CALLBACK_MIN_LEAD_MINUTES * MINUTE_MS;
  const latest = now.getTime() + CALLBACK_MAX_AHEAD_DAYS * DAY_MS;
  const held = Math.min(Math.max(requested.getTime(), soonest), latest);
  if (!prospect.timeZones.length || !prospect.timeZones.every(isKnownTimeZone)) return new Date(held);
  const opening = nextWindowOpening(held, windowScopeOf(prospect, campaign));
  return new Date(opening ?? held);
}
