import { Op } from 'sequelize';
import type { CallEndedBy, CallEndedReason } from '@ringcast/shared-types';
import { CallRecord } from '../../db/models';

/** Who ended a call and why: the first to say so is kept, whatever arrives after. */
export async function recordCallEnd(
  callId: number,
  endedBy: CallEndedBy,
  endedReason: CallEndedReason,
): Promise<boolean> {
  const [changed] = await CallRecord.update(
    { endedBy, endedReason },
    { where: { id: callId, endedBy: { [Op.is]: null } } },
  );
  return changed > 0;
}
