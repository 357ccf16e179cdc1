import { QueryTypes } from 'sequelize';
import { sequelize } from '../db/sequelize';
import { readDialedCalls } from '../services/calls/place';

export interface KnownCall {
  id: number;
  userId: number;
  campaignId: number;
  accountSid: string | null;
  toNumber: string;
}

/**
 * Who a call belongs to never changes once it is dialed, so the thousands of callbacks a second a
 * busy dialer receives read it from memory after the first. The first reads what the worker kept
 * in Redis as it dialed (rememberDialedCall), and the database only for a call Redis no longer holds.
 */
const knownCalls = new Map<number, KnownCall>();
const KNOWN_CALLS_MAX = 100_000;

/** Calls asked for and not in memory, read together once the current tick's requests have asked. */
let waiting: Map<
  number,
  { resolve: (call: KnownCall | null) => void; reject: (err: unknown) => void }[]
> | null = null;

const asKnownCall = (row: KnownCall | undefined): KnownCall | null =>
  row?.accountSid
    ? {
        id: Number(row.id),
        userId: Number(row.userId),
        campaignId: Number(row.campaignId),
        accountSid: row.accountSid,
        toNumber: row.toNumber,
      }
    : null;

async function readCalls(ids: number[]): Promise<Map<number, KnownCall | null>> {
  const found = new Map<number, KnownCall | null>(await readDialedCalls(ids));
  const unkept = ids.filter((id) => !found.has(id));
  if (unkept.length) {
    const rows = await sequelize.query<KnownCall>(
      'SELECT id, userId, campaignId, accountSid, toNumber FROM call_records WHERE id IN (:ids)',
      { replacements: { ids: unkept }, type: QueryTypes.SELECT },
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    for (const id of unkept) found.set(id, asKnownCall(byId.get(id)));
  }
  return found;
}

async function readWaiting(): Promise<void> {
  const asked = waiting!;
  waiting = null;
  try {
    const found = await readCalls([...asked.keys()]);
    for (const [callId, waiters] of asked) {
      const call = found.get(callId) ?? null;
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
