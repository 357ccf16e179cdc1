import { callDecider, type CallDecision } from '@ringcast/shared-types';
import type { Campaign } from '../../../db/models';
import { numbersNotToCall } from '../doNotCall';
import { callingAreasOf, prospectCallingArea } from './callingAreas';
import { callingRulesOf, placedAttempts, recentCallTimes } from './prospectSchedule';

/** A campaign prospect as the calling rules are asked about it. */
export interface Candidate {
  prospectId: number;
  phoneNumber: string;
  attempts: number;
  lastAttemptAt: Date | null;
  callingAreaId: number | null;
  /** The scheduled callback the prospect holds: its call is promised, whatever its attempts. */
  callbackId?: number | null;
}

/**
 * What the calling rules answer for each of these prospects of the campaign at `now`, in their
 * order: the dispatcher acts on it, and the campaign page shows it for prospects not decided yet,
 * so both read the same history (calls placed, the customer's recent calls to each number, the
 * do-not-call lists) in four reads for the whole batch.
 */
export async function decideProspects(
  campaign: Campaign,
  candidates: readonly Candidate[],
  now: Date,
): Promise<CallDecision[]> {
  const numbers = candidates.map((c) => c.phoneNumber);
  const tried = candidates.filter((c) => c.attempts > 0).map((c) => c.prospectId);
  const [blocked, recent, placed, areas] = await Promise.all([
    numbersNotToCall(campaign.userId, numbers),
    recentCallTimes(campaign.userId, numbers, now),
    placedAttempts(campaign.id, tried),
    callingAreasOf(candidates.map((c) => c.callingAreaId)),
  ]);
  const decide = callDecider(callingRulesOf(campaign), now);
  return candidates.map((candidate) => {
    const history = {
      attempts: placed.get(Number(candidate.prospectId)) ?? 0,
      lastAttemptAt: candidate.lastAttemptAt ? new Date(candidate.lastAttemptAt) : null,
      recentCalls: recent.get(candidate.phoneNumber) ?? [],
      onDoNotCallList: blocked.has(candidate.phoneNumber),
      monthlyVolumeUsed: false,
    };
    return decide(
      {
        phoneNumber: candidate.phoneNumber,
        ...prospectCallingArea(candidate.phoneNumber, candidate.callingAreaId, areas),
      },
      // A promised call back is judged as a first call: neither the attempts used nor the retry
      // delay hold it back, only the calling window, the caps and the do-not-call lists.
      candidate.callbackId ? { ...history, attempts: 0, lastAttemptAt: null } : history,
    );
  });
}
