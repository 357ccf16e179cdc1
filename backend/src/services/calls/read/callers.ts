import { QueryTypes, type Transaction } from 'sequelize';
import { sequelize } from '../../../db/sequelize';
import type { CallRecord } from '../../../db/models';

/** Who a call is shown as: its prospect's name and zone. */
export interface ShownProspect {
  name: string | null;
  timeZone?: string | null;
}

/**
 * The prospects who rang in: an inbound call is nobody's attempt (it carries no prospectId, so no
 * prospect's row is moved by it), but when the caller's number is on the campaign's list, the
 * call is shown under that prospect's name. One query for all the calls, by the list's (list,
 * phone) index.
 */
export async function callersOf(
  calls: Pick<CallRecord, 'id' | 'campaignId' | 'direction' | 'fromNumber' | 'prospectId'>[],
  transaction?: Transaction | null,
): Promise<Map<number, ShownProspect>> {
  const inbound = calls.filter((call) => call.direction === 'inbound' && !call.prospectId && call.fromNumber);
  const found = new Map<number, ShownProspect>();
  if (!inbound.length) return found;
  const rows = await sequelize.query<{
    campaignId: number;
    phoneNumber: string;
    name: string | null;
    timeZone: string | null;
  }>(
    `SELECT c.id AS campaignId, p.phoneNumber, p.name, p.timeZone
       FROM campaigns c JOIN prospects p ON p.prospectListId = c.prospectListId
      WHERE c.id IN (:campaignIds) AND p.phoneNumber IN (:numbers)`,
    {
      replacements: {
        numbers: [...new Set(inbound.map((call) => call.fromNumber!))],
        campaignIds: [...new Set(inbound.map((call) => call.campaignId))],
      },
      type: QueryTypes.SELECT,
      transaction: transaction ?? undefined,
    },
  );
  // A list holds a number once (its unique index), so each campaign has one prospect per number.
  const byNumber = new Map(
    rows.map((row) => [`${row.campaignId}|${row.phoneNumber}`, { name: row.name, timeZone: row.timeZone }]),
  );
  for (const call of inbound) {
    const prospect = byNumber.get(`${call.campaignId}|${call.fromNumber}`);
    if (prospect) found.set(call.id, prospect);
  }
  return found;
}
