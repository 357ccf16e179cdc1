import type { NoCallReason } from '@ringcast/shared-types';
import { execute } from '../../../db/execute';

/**
 * Prospects the rules do not let through now, each to wait (`scheduled`) until the instant they
 * name. Prospects of one area share their instant and reason, so a batch of hundreds is written
 * in one statement, its rows locked in key order as the settling of calls locks its own (two
 * writers taking rows in different orders could deadlock). The write is conditional on each row
 * still being due, so a concurrent change wins.
 */
export class ProspectWaits {
  private readonly groups = new Map<string, { reason: NoCallReason; notBefore: Date; ids: number[] }>();

  add(prospectId: number, reason: NoCallReason, notBefore: Date): void {
    const key = `${notBefore.getTime()}|${reason}`;
    const group = this.groups.get(key) ?? { reason, notBefore, ids: [] };
    group.ids.push(prospectId);
    this.groups.set(key, group);
  }

  /** Writes the waits, answering how many rows were still due and moved. */
  async write(campaignId: number, now: Date): Promise<number> {
    if (!this.groups.size) return 0;
    const replacements: Record<string, unknown> = { campaignId, now };
    const at: string[] = [];
    const why: string[] = [];
    [...this.groups.values()].forEach(({ reason, notBefore, ids }, i) => {
      Object.assign(replacements, { [`ids${i}`]: ids, [`at${i}`]: notBefore, [`why${i}`]: reason });
      at.push(`WHEN prospectId IN (:ids${i}) THEN :at${i}`);
      why.push(`WHEN prospectId IN (:ids${i}) THEN :why${i}`);
    });
    replacements.ids = [...this.groups.values()].flatMap(({ ids }) => ids).sort((a, b) => a - b);
    return execute(
      `UPDATE campaign_prospects
          SET state = 'scheduled', nextAttemptAt = CASE ${at.join(' ')} END,
              reason = CASE ${why.join(' ')} END, updatedAt = NOW(3)
        WHERE campaignId = :campaignId AND prospectId IN (:ids) AND nextAttemptAt <= :now`,
      { replacements },
    );
  }
}
