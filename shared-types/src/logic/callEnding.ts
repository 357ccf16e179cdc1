import type { AnsweredBy, CallEndedBy, CallEndedReason, CallStatus } from '../domain/call';

export interface CallEnding {
  endedBy: CallEndedBy;
  endedReason: CallEndedReason;
}

/**
 * How a call ended, as its final status tells: a call nobody spoke on was ended by the system (the
 * network, the ring timeout, our voicemail message, our time limit); a person's call that reached
 * its end otherwise was hung up by the callee. Null while the call is not over.
 */
export function endingOfStatus(
  call: { status: CallStatus; answeredBy: AnsweredBy | null; durationSeconds: number },
  timeLimitSeconds: number,
): CallEnding | null {
  switch (call.status) {
    case 'completed':
      if (call.answeredBy === 'machine') return { endedBy: 'system', endedReason: 'voicemail' };
      if (call.durationSeconds >= timeLimitSeconds) return { endedBy: 'system', endedReason: 'max_duration' };
      return { endedBy: 'callee', endedReason: 'callee_hangup' };
    case 'busy':
    case 'no_answer':
    case 'failed':
    case 'canceled':
      return { endedBy: 'system', endedReason: call.status };
    default:
      return null;
  }
}

/**
 * The ending a settled call keeps. Whoever said first keeps it (the agent's goodbye, a silence
 * timeout), with two exceptions where the final status knows better: a relay socket that closed
 * without our `end` reads as the callee hanging up, yet a machine may have answered or the call hit
 * its time limit; and a call a machine answered ended as a voicemail, whoever ended it.
 */
export function endingAtSettle(
  call: { status: CallStatus; answeredBy: AnsweredBy | null; durationSeconds: number },
  recorded: { endedBy: CallEndedBy | null; endedReason: CallEndedReason | null },
  timeLimitSeconds: number,
): CallEnding | null {
  const fromStatus = endingOfStatus(call, timeLimitSeconds);
  if (!recorded.endedBy || !recorded.endedReason) return fromStatus;
  // A machine's call is a voicemail whoever hung up first: the agent may have taken the silence
  // before the greeting's end for a silent person, before the machine was detected.
  const overridable =
    fromStatus?.endedBy === 'system' &&
    (recorded.endedReason === 'callee_hangup' || call.answeredBy === 'machine');
  return overridable ? fromStatus : { endedBy: recorded.endedBy, endedReason: recorded.endedReason };
}

/**
 * The ending our `end` frame's handoff reason stands for: the agent's goodbye or its silence
 * timeout, or a session that could not start (an error on our side). A transfer ends the agent's
 * session, not the call: the caller stays on the line while the destination rings, and the
 * transfer's result says how the call ended.
 */
export function endingOfHandoff(reason: string | null | undefined): CallEnding | null {
  if (!reason || reason === 'transfer') return null;
  if (reason === 'silence_timeout') return { endedBy: 'agent', endedReason: 'silence_timeout' };
  if (reason === 'error') return { endedBy: 'system', endedReason: 'error' };
  return { endedBy: 'agent', endedReason: 'agent_hangup' };
}
