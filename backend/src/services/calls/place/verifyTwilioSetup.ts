import { sequelize } from '../../../db/sequelize';
import { Campaign } from '../../../db/models';
import { logger } from '../../../logger';
import { twilioClient } from '../../../providers/twilio';
import { callLineFor, setSetupFlagBySystem } from '../shared';

export interface TwilioCheck {
  accountAnswers: boolean;
  ownsNumber: boolean | null;
}

/**
 * Checks what the system can verify before a campaign dials: the account that will place its calls
 * answers (our platform account, or the customer's saved credentials), which sets the Twilio flag;
 * and, for a customer's own number, that the number is in their account, which sets the Phone flag.
 */
export async function verifyTwilioSetup(campaignId: number): Promise<TwilioCheck> {
  const campaign = await Campaign.findByPk(campaignId);
  const line = campaign && (await callLineFor(campaign));
  if (!campaign || !line) return { accountAnswers: false, ownsNumber: null };
  const client = twilioClient(line.account);
  let accountAnswers = false;
  let ownsNumber: boolean | null = null;
  try {
    await client.api.v2010.accounts(line.account.accountSid).fetch();
    accountAnswers = true;
    if (line.customerAccount && line.fromNumber) {
      const owned = await client.incomingPhoneNumbers.list({ phoneNumber: line.fromNumber, limit: 1 });
      ownsNumber = owned.length > 0;
    }
  } catch (err) {
    logger.info({ campaignId, err: (err as Error).message }, 'the Twilio account did not answer');
  }
  if (accountAnswers) {
    await sequelize.transaction(async (transaction) => {
      const locked = await Campaign.findByPk(campaignId, { transaction, lock: true });
      if (!locked) return;
      await setSetupFlagBySystem(locked, 'setupTwilioConfigured', true, transaction);
      if (ownsNumber) await setSetupFlagBySystem(locked, 'setupPhoneNumberConfigured', true, transaction);
    });
  }
  return { accountAnswers, ownsNumber };
}
