import { endingAtSettle } from '@ringcast/shared-types';
import { config } from '../../../config';
import type { CallRecord } from '../../../db/models';

/** Who ended a call that is being settled, and why, on the record (saved with the settlement). */
export function noteSettledEnding(call: CallRecord): void {
  const ending = endingAtSettle(call, call, config.calls.timeLimitSeconds);
  if (!ending) return;
  call.endedBy = ending.endedBy;
  call.endedReason = ending.endedReason;
}
