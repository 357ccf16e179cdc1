import { QueryTypes } from 'sequelize';
import { sequelize } from '../db/sequelize';

export interface KnownCall {
  id: number;
  userId: number;
  campaignId: number;
  accountSid: string | null;
  toNumber: string;
}

/**
 * Who a call belongs to never changes once it is dialed, so the thousands of callbacks a second a
 * busy dialer receives read it from memory after the first.
 */
const knownCalls = new Map<number, KnownCall>();
const KNOWN_CALLS_MAX = 100_000;

/** Calls asked for and not in memory, read together once the current tick's requests have asked. */
let waiting: Map<
  number,
  { resolve: (call: KnownCall | null) => void; reject: (err: unknown) => void }[]
> | null = null;

async function readWaiting(): Promise<void> {
  const asked = waiting!;
  waiting = null;
  try {
    const rows = await sequelize.query<KnownCall>(
      'SELECT id, userId, campaignId, accountSid, toNumber FROM call_records WHERE id IN (:ids)',
      { replacements: { ids: [...asked.keys()] }, type: QueryTypes.SELECT },
    );
    const found = new Map(rows.map((row) => [Number(row.id), row]));
    for (const [callId, waiters] of asked) {
      const row = found.get(callId);
      const call = row?.accountSid
        ? {
            id: Number(row.id),
            userId: Number(row.userId),
            campaignId: Number(row.campaignId),
            accountSid: row.accountSid,
            toNumber: row.toNumber,
          }
        : null;
      if (call) {
        if (knownCalls.size >= KNOWN_CALLS_MAX) knownCalls.delete(knownCalls.keys().next().value as number);
        knownCalls.set(callId, call);
      }
      for (const { resolve } of waiters) resolve(call);
    }
  } catch (err) {
    for (const waiters of asked.values()) for (const { reject } of waiters) reject(err);
  }
}

/**
 * The call a callback names, or null when there is none or it was never dialed (no account yet).
 * Under load the first callbacks of many calls arrive together: they share one read.
 */
export function knownCall(callId: number): Promise<KnownCall | null> {
  const cached = knownCalls.get(callId);
  if (cached) return Promise.resolve(cached);
  return new Promise((resolve, reject) => {
    if (!waiting) {
      waiting = new Map();
      setImmediate(() => void readWaiting());
    }
    waiting.set(callId, [...(waiting.get(callId) ?? []), { resolve, reject }]);
  });
}
