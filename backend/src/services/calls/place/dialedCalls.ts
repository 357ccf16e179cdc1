import { getMany, pipelinedRedis, redisKey } from '../../../redis';

/** Whose a dialed call is: what a callback about it is checked against. */
export interface DialedCall {
  id: number;
  userId: number;
  campaignId: number;
  accountSid: string;
  toNumber: string;
}

/** Twilio stops calling back about a call within hours (a call lasts at most its time limit). */
const DIALED_CALL_TTL_SECONDS = 2 * 24 * 3600;
const dialedCallKey = (callId: number) => redisKey('dialed-call', callId);

/**
 * Kept in Redis before the call is handed to Twilio, whose first callback may come before its
 * answer does: every api process then checks that callback's signature without a database read.
 */
export async function rememberDialedCall(call: DialedCall): Promise<void> {
  const { id, userId, campaignId, accountSid, toNumber } = call;
  await pipelinedRedis().set(
    dialedCallKey(id),
    JSON.stringify({ id, userId, campaignId, accountSid, toNumber }),
    'EX',
    DIALED_CALL_TTL_SECONDS,
  );
}

/**
 * The dialed calls Redis still holds, by id, in one round trip (each call's key in a slot of its
 * own on a cluster: getMany).
 */
export async function readDialedCalls(ids: number[]): Promise<Map<number, DialedCall>> {
  const kept = await getMany(pipelinedRedis(), ids.map(dialedCallKey));
  const found = new Map<number, DialedCall>();
  kept.forEach((json, i) => {
    const call = json ? (JSON.parse(json) as DialedCall) : null;
    if (call?.id === ids[i] && call.accountSid) found.set(call.id, call);
  });
  return found;
}
