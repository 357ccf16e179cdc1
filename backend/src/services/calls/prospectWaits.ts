import type { NoCallReason } from '@ringcast/shared-types';
import { sequelize } from '../../db/sequelize';

/**
 * Prospects the rules do not let through now, each to wait (`scheduled`) until the instant they
 * name. Prospects of one place share their instant and reason, so a batch of hundreds is written
 * in a few statements rather than one per row. Each write is conditional on the row still being
 * due, so a concurrent change wins.
 */
export class ProspectWaits {
  private readonly groups = new Map<string, { reason: NoCallReason; notBefore: Date; ids: number[] }>();

  add(prospectId: number, reason: NoCallReason, notBefore: Date): void {
    const key = `${notBefore.getTime()}|${reason}`;
    const group = this.groups.get(key) ?? { reason, notBefore, ids: [] };
    group.ids.push(prospectId);
    this.groups.set(key, group);
  }

  async write(campaignId: number, now: Date): Promise<void> {
    for (const { reason, notBefore, ids } of this.groups.values()) {
      await sequelize.query(
        `UPDATE campaign_prospects SET state = 'scheduled', nextAttemptAt = :notBefore, reason = :reason, updatedAt = NOW(3)
          WHERE campaignId = :campaignId AND prospectId IN (:ids) AND nextAttemptAt <= :now`,
        { replacements: { campaignId, ids, reason, notBefore, now } },
      );
    }
  }
}
