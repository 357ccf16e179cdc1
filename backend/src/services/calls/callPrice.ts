import { CallRecord } from '../../db/models';
import { logger } from '../../logger';
import { isTwilioError, twilioClient } from '../../providers/twilio';
import { accountForCall } from './callLine';

export class PriceNotReadyError extends Error {}

/**
 * The provider's price of an ended call. It is not in the callbacks, and Twilio fills it in a
 * little after the end, so an empty price is retried (the job's backoff). Stored positive, in USD.
 */
export async function fetchCallPrice(callId: number): Promise<string | null> {
  const call = await CallRecord.findByPk(callId);
  if (!call?.providerCallSid || call.price !== null) return call?.price ?? null;
  const account = await accountForCall(call);
  if (!account) return null;
  let fetched;
  try {
    fetched = await twilioClient(account).calls(call.providerCallSid).fetch();
  } catch (err) {
    // A call the account does not know never gets a price: asking again cannot help.
    if (isTwilioError(err) && err.status === 404) {
      logger.warn({ callId, callSid: call.providerCallSid }, 'the provider does not know the call; no price');
      return null;
    }
    throw err;
  }
  if (fetched.price === null || fetched.price === undefined || fetched.price === '') {
    if (call.status !== 'completed') return null;
    throw new PriceNotReadyError(`price of call ${callId} not ready yet`);
  }
  const price = Math.abs(Number(fetched.price)).toFixed(5);
  await CallRecord.update({ price }, { where: { id: callId, price: null } });
  return price;
}
