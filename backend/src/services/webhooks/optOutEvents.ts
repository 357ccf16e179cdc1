import { QueryTypes, type Transaction } from 'sequelize';
import type { DoNotCallSource } from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';
import { WebhookEndpoint } from '../../db/models/webhooks';
import { emitWebhookEvent } from './events';

interface ProspectRow {
  phoneNumber: string;
  campaignId: number;
  campaignName: string;
  prospectId: number | null;
  name: string | null;
  state: string;
}

/** Numbers of one webhook event each, at most: an upload's batch of thousands is not a flood. */
const MAX_PER_ADDITION = 1000;

/**
 * `prospect.opted_out` for each number added to a customer's do-not-call list (by any of its
 * ways: the callee's key press, the agent, a number typed in, an upload) that belongs to a
 * prospect of one of their campaigns, once the addition commits; once per number and owner.
 * Called by the do-not-call front door (calls/doNotCall), the one way numbers are added.
 */
export function emitOptOutWebhooks(
  userId: number,
  phoneNumbers: readonly string[],
  source: DoNotCallSource,
  transaction: Transaction,
): void {
  if (!phoneNumbers.length) return;
  const numbers = phoneNumbers.slice(0, MAX_PER_ADDITION);
  transaction.afterCommit(async () => {
    const hasEndpoint = await WebhookEndpoint.count({ where: { userId, enabled: true } });
    if (!hasEndpoint) return;
    const rows = await sequelize.query<ProspectRow>(
      `SELECT cp.phoneNumber, cp.campaignId, c.name AS campaignName, cp.prospectId, p.name, cp.state
         FROM campaign_prospects cp
         JOIN campaigns c ON c.id = cp.campaignId
         LEFT JOIN prospects p ON p.id = cp.prospectId
        WHERE c.userId = :userId AND cp.phoneNumber IN (:numbers)`,
      { replacements: { userId, numbers }, type: QueryTypes.SELECT },
    );
    const byNumber = new Map<string, ProspectRow[]>();
    for (const row of rows) byNumber.set(row.phoneNumber, [...(byNumber.get(row.phoneNumber) ?? []), row]);
    for (const [phoneNumber, prospects] of byNumber) {
      emitWebhookEvent({
        userId,
        type: 'prospect.opted_out',
        sourceKey: `prospect.opted_out:${userId}:${phoneNumber}`,
        data: async () => ({
          phoneNumber,
          source,
          prospects: prospects.map((p) => ({
            campaignId: Number(p.campaignId),
            campaignName: p.campaignName,
            prospectId: p.prospectId === null ? null : Number(p.prospectId),
            name: p.name,
            state: p.state,
          })),
        }),
      });
    }
  });
}
