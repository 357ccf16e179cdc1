import type { Transaction } from 'sequelize';
import type { SetupFlag } from '@ringcast/shared-types';
import type { Campaign } from '../../../db/models';
import { recordAudit, SYSTEM_ACTOR } from '../../auditLog';
import { publishCampaign } from '../../campaigns';
import { assertSetupFlagAllowed } from './callingConsent';

/**
 * Sets a setup flag the system could verify itself (the list is ready, the number is bought, the
 * account answers, a test call reached a person), in the transaction of the fact, audited as
 * `system` and announced once committed. An admin can still set every flag either way; Compliance, by either, only with the owner's
 * company name, callback number and list attestation (a 409 otherwise).
 */
export async function setSetupFlagBySystem(
  campaign: Campaign,
  flag: SetupFlag,
  value: boolean,
  transaction: Transaction,
): Promise<boolean> {
  if (Boolean(campaign[flag]) === value) return false;
  await assertSetupFlagAllowed(campaign, flag, value, transaction);
  await campaign.update({ [flag]: value }, { transaction });
  await recordAudit(
    {
      actor: SYSTEM_ACTOR,
      action: 'campaign.setup',
      entityType: 'campaign',
      entityId: campaign.id,
      before: { [flag]: !value },
      after: { [flag]: value },
    },
    transaction,
  );
  publishCampaign(campaign, transaction);
  return true;
}
