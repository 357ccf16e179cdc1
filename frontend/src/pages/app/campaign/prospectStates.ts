import {
  localTimeAt,
  NO_CALL_MESSAGES,
  type CampaignProspectEntry,
  type NoCallReason,
  type ProspectCallState,
} from '@ringcast/shared-types';
import { formatZonedTime } from '../../../components/appointments/twoZones';

export const PROSPECT_STATE_LABELS: Record<ProspectCallState, string> = {
  pending: 'Pending',
  scheduled: 'Scheduled',
  in_call: 'In a call',
  done: 'Done',
  skipped: 'Skipped',
  opted_out: 'Opted out',
};

/** Why a prospect waits or was skipped, in words; the code itself when it is not one we name. */
export const reasonLabel = (reason: string | null): string | null =>
  reason === null ? null : (NO_CALL_MESSAGES[reason as NoCallReason] ?? reason);

/** The reason a prospect waits when the agent promised to call them back. */
export const CALLBACK_REASON = 'callback';

/**
 * The Why cell: "Call back at Tue, Dec 8, 2:30 PM EST" (on the prospect's clock) for a promised
 * call back, else the reason in words.
 */
export function prospectWhy(
  p: Pick<CampaignProspectEntry, 'reason' | 'nextAttemptAt' | 'timeZone'>,
): string | null {
  if (p.reason === CALLBACK_REASON && p.nextAttemptAt) {
    const at = formatZonedTime(p.nextAttemptAt, p.timeZone ?? undefined) ?? p.nextAttemptAt;
    return `Call back at ${at}`;
  }
  return reasonLabel(p.reason);
}

const clock = (minute: number) => `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;

/**
 * "Next calls at 8:00 in America/Chicago": when the calling rules next let a waiting prospect be
 * called, on that prospect's clock; the day is named when it is not today there.
 */
export function nextCallsLine(nextCallAt: string, timeZone: string, now: Date = new Date()): string {
  const at = localTimeAt(new Date(nextCallAt), timeZone);
  const today = localTimeAt(now, timeZone);
  const sameDay = at.year === today.year && at.month === today.month && at.day === today.day;
  const day = sameDay
    ? ''
    : ` on ${new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone }).format(new Date(nextCallAt))}`;
  return `Next calls at ${clock(at.minute)}${day} in ${timeZone}`;
}
