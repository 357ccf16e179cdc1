import { QueryTypes } from 'sequelize';
import { sequelize } from '../../db/sequelize';
import { logger } from '../../logger';
import { isTwilioError, twilioClient } from '../../providers/twilio';
import { accountForCall } from './callLine';

export class PriceNotReadyError extends Error {}

/** Requests to the provider in flight at once for one batch. */
const FETCHES_AT_ONCE = 8;

interface UnpricedCall {
  id: number;
  userId: number;
  accountSid: string | null;
  providerCallSid: string;
  status: string;
}

type Fetched = { id: number; price: string } | { id: number; missing: 'unknown' | 'not_ready' | 'none' };

async function fetchOne(call: UnpricedCall): Promise<Fetched> {
  const account = await accountForCall(call);
  if (!account) return { id: call.id, missing: 'none' };
  let fetched;
  try {
    fetched = await twilioClient(account).calls(call.providerCallSid).fetch();
  } catch (err) {
    // A call the account does not know never gets a price: asking again cannot help.
    if (isTwilioError(err) && err.status === 404) return { id: call.id, missing: 'unknown' };
    throw err;
  }
  if (fetched.price === null || fetched.price === undefined || fetched.price === '')
    return { id: call.id, missing: call.status === 'completed' ? 'not_ready' : 'none' };
  return { id: call.id, price: Math.abs(Number(fetched.price)).toFixed(5) };
}

/**
 * The provider's prices of ended calls, for the calls of one applied batch at once. The price is
 * not in the callbacks, and Twilio fills it in a little after the end: the prices found are stored
 * (one statement), and while a completed call's is still empty the job is retried (its backoff),
 * asking again only for the calls still without one. Stored positive, in USD. Answers how many
 * were stored.
 */
export async function fetchCallPrices(callIds: number[]): Promise<{ priced: number; unknown: number }> {
  const calls = await sequelize.query<UnpricedCall>(
    `SELECT id, userId, accountSid, providerCallSid, status FROM call_records
      WHERE id IN (:callIds) AND price IS NULL AND providerCallSid IS NOT NULL`,
    { replacements: { callIds }, type: QueryTypes.SELECT },
  );
  const results: Fetched[] = [];
  for (let next = 0; next < calls.length; next += FETCHES_AT_ONCE)
    results.push(...(await Promise.all(calls.slice(next, next + FETCHES_AT_ONCE).map(fetchOne))));

  const priced = results.filter((r): r is { id: number; price: string } => 'price' in r);
  if (priced.length) {
    const replacements: Record<string, unknown> = { ids: priced.map((r) => r.id) };
    const cases = priced.map((r, i) => {
      replacements[`p${i}`] = r.price;
      return `WHEN ${Number(r.id)} THEN :p${i}`;
    });
    await sequelize.query(
      `UPDATE call_records SET price = CASE id ${cases.join(' ')} END WHERE id IN (:ids) AND price IS NULL`,
      { replacements },
    );
  }
  const missing = (why: string) =>
    results.filter((r) => 'missing' in r && r.missing === why).map((r) => r.id);
  const unknown = missing('unknown');
  if (unknown.length) logger.warn({ callIds: unknown }, 'the provider does not know these calls; no price');
  const notReady = missing('not_ready');
  if (notReady.length) throw new PriceNotReadyError(`price of calls ${notReady.join(', ')} not ready yet`);
  return { priced: priced.length, unknown: unknown.length };
}
