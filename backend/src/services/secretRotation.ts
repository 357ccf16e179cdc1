import { Op } from 'sequelize';
import { User } from '../db/models';
import { decryptSecret, encryptSecret, isSealedWithCurrentKey } from '../lib/secretBox';

export interface RotationReport {
  /** Sealed again with ENCRYPTION_KEY just now. */
  resealed: number;
  /** Already sealed with ENCRYPTION_KEY: left alone. */
  current: number;
  /** Changed by someone else while this ran (a new token, sealed with ENCRYPTION_KEY): left alone. */
  changedMeanwhile: number;
  /** Ids of users whose token no configured key opens: left alone, named so someone can look. */
  unreadable: number[];
}

const BATCH = 500;

/**
 * Re-seals every stored Twilio token with ENCRYPTION_KEY (`npm run rotate-keys`). Safe to run
 * again and while the app serves: a value already under the current key is skipped, and each
 * write only replaces the exact value read, so a token saved meanwhile is never overwritten.
 */
export async function rotateStoredSecrets(): Promise<RotationReport> {
  const report: RotationReport = { resealed: 0, current: 0, changedMeanwhile: 0, unreadable: [] };
  let afterId = 0;
  for (;;) {
    const rows = await User.findAll({
      where: { id: { [Op.gt]: afterId }, twilioAuthTokenEncrypted: { [Op.ne]: null } },
      attributes: ['id', 'twilioAuthTokenEncrypted'],
      order: [['id', 'ASC']],
      limit: BATCH,
    });
    for (const { id, twilioAuthTokenEncrypted: sealed } of rows) {
      if (isSealedWithCurrentKey(sealed!)) {
        report.current++;
        continue;
      }
      let plain: string;
      try {
        plain = decryptSecret(sealed!);
      } catch {
        report.unreadable.push(id);
        continue;
      }
      const [written] = await User.update(
        { twilioAuthTokenEncrypted: encryptSecret(plain) },
        { where: { id, twilioAuthTokenEncrypted: sealed } },
      );
      if (written) report.resealed++;
      else report.changedMeanwhile++;
    }
    if (rows.length < BATCH) return report;
    afterId = rows[rows.length - 1]!.id;
  }
}
