import { QueryTypes } from 'sequelize';
import { sequelize } from '../../../db/sequelize';
import { logger } from '../../../logger';
import {
  isTwilioError,
  platformTwilioAccount,
  twilioClient,
  type TwilioAccount,
} from '../../../providers/twilio';
import { accountForCall, storeCallPrices } from '../shared';

/** Requests to the provider in flight at once for one account. */
const FETCHES_AT_ONCE = 8;
/** Calls that ended this close together are listed with one request (end times are whole seconds). */
const LIST_SPAN_MS = 5_000;
const LIST_MARGIN_MS = 1_000;

interface UnpricedCall {
  id: number;
  userId: number;
  accountSid: string | null;
  providerCallSid: string;
  status: string;
  endedAt: Date | null;
  /** The leg a transfer dialed (its DialCallSid): Twilio prices it apart, and we pay for both. */
  transferLegSid: string | null;
}

type Missing = 'unknown' | 'not_ready' | 'none';
type Priced = { id: number; price: string; transferLegPrice?: string };
type Fetched = Priced | { id: number; missing: Missing };

const stored = (price: string) => Math.abs(Number(price)).toFixed(5);
const hasPrice = (price: string | null | undefined): price is string =>
  price !== null && price !== undefined && price !== '';

async function fetchOne(account: TwilioAccount, call: UnpricedCall): Promise<Fetched> {
  let fetched;
  try {
    fetched = await twilioClient(account).calls(call.providerCallSid).fetch();
  } catch (err) {
    // A call the account does not know never gets a price: asking again cannot help.
    if (isTwilioError(err) && err.status === 404) return { id: call.id, missing: 'unknown' };
    throw err;
  }
  if (!hasPrice(fetched.price))
    return { id: call.id, missing: call.status === 'completed' ? 'not_ready' : 'none' };
  return { id: call.id, price: stored(fetched.price) };
}

async function inTurns<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let next = 0; next < items.length; next += FETCHES_AT_ONCE)
    results.push(...(await Promise.all(items.slice(next, next + FETCHES_AT_ONCE).map(run))));
  return results;
}

/** Runs of calls, by end time, each ending within LIST_SPAN_MS of its first. */
function endTimeSpans(calls: (UnpricedCall & { endedAt: Date })[]) {
  const sorted = [...calls].sort((a, b) => a.endedAt.getTime() - b.endedAt.getTime());
  const spans: (typeof sorted)[] = [];
  for (const call of sorted) {
    const span = spans.at(-1);
    if (span && call.endedAt.getTime() - span[0]!.endedAt.getTime() <= LIST_SPAN_MS) span.push(call);
    else spans.push([call]);
  }
  return spans;
}

/**
 * One account's calls: its completed calls that ended around theirs are listed (a request per few
 * seconds of end times, the price in each), rather than one fetch per call. A call the list does
 * not hold yet is not ready; in the last sweeps it is fetched alone, for an end time that differs
 * from the provider's. Calls not completed on our side are fetched alone (the list holds only
 * completed ones).
 */
async function fetchAccountPrices(
  account: TwilioAccount,
  calls: UnpricedCall[],
  lastAttempt: boolean,
): Promise<Fetched[]> {
  const isListable = (c: UnpricedCall): c is UnpricedCall & { endedAt: Date } =>
    c.status === 'completed' && c.endedAt !== null;
  const listable = calls.filter(isListable);
  const alone = calls.filter((c) => !isListable(c));
  const listed = new Map<string, string | null>();
  for (const span of endTimeSpans(listable)) {
    const found = await twilioClient(account).calls.list({
      status: 'completed',
      endTimeAfter: new Date(span[0]!.endedAt.getTime() - LIST_MARGIN_MS),
      endTimeBefore: new Date(span.at(-1)!.endedAt.getTime() + LIST_MARGIN_MS),
      pageSize: 1000,
    });
    for (const call of found) listed.set(call.sid, hasPrice(call.price) ? call.price : null);
  }
  const results: Fetched[] = [];
  for (const call of listable) {
    const price = listed.get(call.providerCallSid);
    if (price) results.push({ id: call.id, price: stored(price) });
    else if (price === undefined && lastAttempt) alone.push(call);
    else results.push({ id: call.id, missing: 'not_ready' });
  }
  const fetched = [...results, ...(await inTurns(alone, (call) => fetchOne(account, call)))];
  return addTransferLegPrices(account, calls, fetched, lastAttempt);
}

/**
 * A transferred call costs its own leg and the leg its transfer dialed: the leg's price is fetched
 * like the call's and the call's price is their sum, written together, so a call is priced once
 * with both. A leg not priced yet keeps its call unpriced until the last sweep, which stores the
 * call's own price alone.
 */
async function addTransferLegPrices(
  account: TwilioAccount,
  calls: UnpricedCall[],
  fetched: Fetched[],
  lastAttempt: boolean,
): Promise<Fetched[]> {
  const legOf = new Map(calls.filter((c) => c.transferLegSid).map((c) => [c.id, c.transferLegSid!]));
  return inTurns(fetched, async (result) => {
    const legSid = legOf.get(result.id);
    if (!legSid || !('price' in result)) return result;
    let legPrice: string | null | undefined;
    try {
      legPrice = (await twilioClient(account).calls(legSid).fetch()).price;
    } catch (err) {
      if (!(isTwilioError(err) && err.status === 404)) throw err;
      // A leg the account does not know never gets a price: the call keeps its own.
      return result;
    }
    if (hasPrice(legPrice)) {
      const leg = stored(legPrice);
      return { ...result, price: (Number(result.price) + Number(leg)).toFixed(5), transferLegPrice: leg };
    }
    return lastAttempt ? result : { id: result.id, missing: 'not_ready' as const };
  });
}

/** Twilio fills a price in shortly after the end: a sweep asks only about calls settled this long ago. */
const PRICE_DELAY_MS = 2_000;
/** Until a call settled this long ago, its price is looked for in the account's list of calls... */
export const LIST_PRICES_FOR_MS = 4 * 60_000;
/**
 * ...then, in the sweeps of this span after (two, at the schedule in queues/jobTable.ts), it is
 * fetched on its own; after that it is let be.
 */
const ALONE_FOR_MS = 10_000;
/** Calls priced by one sweep at most: a backlog is worked off by the next sweeps, oldest first. */
const SWEEP_LIMIT = 5_000;

const UNPRICED_COLUMNS = 'id, userId, accountSid, providerCallSid, status, endedAt, transferLegSid';

/**
 * The provider's prices of calls answered and ended in the last few minutes, found in the database
 * (scheduled every few seconds, once across the workers). The price is not in the callbacks, and
 * Twilio fills it in a little after the end: a call still without one is asked about again by the
 * next sweep, and a call the account's list has not shown after LIST_PRICES_FOR_MS is fetched on
 * its own, then let be. Whatever settled the call, and whichever process died after, the call is
 * priced: nothing is queued per call. Answers how many were stored.
 */
export async function fetchSettledCallPrices(now = new Date()): Promise<{ priced: number; unknown: number }> {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);
  const calls = await sequelize.query<UnpricedCall & { settledAt: Date }>(
    `SELECT ${UNPRICED_COLUMNS}, settledAt FROM call_records USE INDEX (call_records_unpriced)
      WHERE price IS NULL AND settledAt >= :oldest AND settledAt < :newest
        AND status = 'completed' AND providerCallSid IS NOT NULL
      ORDER BY settledAt LIMIT ${SWEEP_LIMIT}`,
    {
      replacements: { oldest: at(LIST_PRICES_FOR_MS + ALONE_FOR_MS), newest: at(PRICE_DELAY_MS) },
      type: QueryTypes.SELECT,
    },
  );
  const listedUntil = at(LIST_PRICES_FOR_MS).getTime();
  const [alone, listed] = [
    calls.filter((c) => c.settledAt.getTime() < listedUntil),
    calls.filter((c) => c.settledAt.getTime() >= listedUntil),
  ];
  const sums = { priced: 0, unknown: 0 };
  for (const [group, lastAttempt] of [
    [alone, true],
    [listed, false],
  ] as const) {
    if (!group.length) continue;
    const found = await priceCalls(group, lastAttempt);
    sums.priced += found.priced;
    sums.unknown += found.unknown;
  }
  return sums;
}

/** Asks each call's account (fetched prices stored in one statement) and sorts out what is missing. */
async function priceCalls(calls: UnpricedCall[], lastAttempt: boolean) {
  // A customer's account is found through its owner, so their calls are grouped by owner too.
  const platformSid = platformTwilioAccount().accountSid;
  const byAccount = new Map<string, UnpricedCall[]>();
  const results: Fetched[] = [];
  for (const call of calls) {
    if (!call.accountSid) {
      results.push({ id: call.id, missing: 'none' });
      continue;
    }
    const key = call.accountSid === platformSid ? platformSid : `${call.accountSid}:${call.userId}`;
    const group = byAccount.get(key);
    if (group) group.push(call);
    else byAccount.set(key, [call]);
  }
  for (const accountCalls of byAccount.values()) {
    const account = await accountForCall(accountCalls[0]!);
    if (!account) {
      results.push(...accountCalls.map((c) => ({ id: c.id, missing: 'none' as const })));
      continue;
    }
    try {
      results.push(...(await fetchAccountPrices(account, accountCalls, lastAttempt)));
    } catch (err) {
      // One account that fails (its token revoked, say) keeps no other account's calls unpriced:
      // its calls are asked about again by the next sweep.
      logger.warn({ err, accountSid: account.accountSid }, 'could not read call prices of an account');
      results.push(...accountCalls.map((c) => ({ id: c.id, missing: 'not_ready' as const })));
    }
  }

  const priced = results.filter((r): r is Priced => 'price' in r);
  await storeCallPrices(priced);
  const missing = (why: Missing) =>
    results.filter((r) => 'missing' in r && r.missing === why).map((r) => r.id);
  const unknown = missing('unknown');
  if (unknown.length) logger.warn({ callIds: unknown }, 'the provider does not know these calls; no price');
  return { priced: priced.length, unknown: unknown.length };
}
