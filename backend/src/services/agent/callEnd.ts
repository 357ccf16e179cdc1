import type { CallEndedBy, CallEndedReason } from '@ringcast/shared-types';
import { storeCallEnd } from '../calls/shared';

/**
 * Who ended a call and why: the first to say so is kept, whatever arrives after. One statement
 * (shared/callRecords), tried again when the database picks it as a deadlock's victim (beside a batch
 * settling the call), so the ending is not lost.
 */
export async function recordCallEnd(
  callId: number,
  endedBy: CallEndedBy,
  endedReason: CallEndedReason,
): Promise<boolean> {
  return storeCallEnd(callId, endedBy, endedReason);
}
