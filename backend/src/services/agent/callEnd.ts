import type { CallEndedBy, CallEndedReason } from '@ringcast/shared-types';
import { execute } from '../../db/execute';
import { retryOnDeadlock } from '../../db/deadlockRetry';

/**
 * Who ended a call and why: the first to say so is kept, whatever arrives after. Plain SQL: every
 * relay session ends with it, and Sequelize's update validates and builds far more than this needs.
 * Tried again when the database picks it as a deadlock's victim (beside a batch settling the call),
 * so the ending is not lost.
 */
export async function recordCallEnd(
  callId: number,
  endedBy: CallEndedBy,
  endedReason: CallEndedReason,
): Promise<boolean> {
  const changed = await retryOnDeadlock(() =>
    execute(
      `UPDATE call_records SET endedBy = :endedBy, endedReason = :endedReason,
            updatedAt = GREATEST(NOW(3), updatedAt + INTERVAL 1000 MICROSECOND)
      WHERE id = :callId AND endedBy IS NULL`,
      { replacements: { callId, endedBy, endedReason } },
    ),
  );
  return changed > 0;
}
