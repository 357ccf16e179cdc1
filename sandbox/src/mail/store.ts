import type { SandboxMail } from '@ringcast/shared-types';
import { sharedRedis, slotKey } from '../redis';

/** Messages kept per address and in all: enough to read a flow back, never a growing pile. */
export const KEPT_PER_ADDRESS = 50;
export const KEPT_IN_ALL = 500;
/** An address that receives nothing for this long is forgotten. */
const KEPT_FOR_SECONDS = 7 * 24 * 3600;

// Stored in one MULTI: one slot on a Redis Cluster.
const allKey = () => slotKey('mail-sandbox', 'all');
const addressKey = (address: string) => slotKey('mail-sandbox', 'to', address.toLowerCase());

/** Keeps a message, newest first, in each recipient's list and the list of all (one round trip). */
export async function storeMail(mail: SandboxMail): Promise<void> {
  const json = JSON.stringify(mail);
  const multi = sharedRedis().multi();
  for (const key of [allKey(), ...mail.to.map(addressKey)]) {
    multi.lpush(key, json);
    multi.ltrim(key, 0, (key === allKey() ? KEPT_IN_ALL : KEPT_PER_ADDRESS) - 1);
    multi.expire(key, KEPT_FOR_SECONDS);
  }
  await multi.exec();
}

/** The messages one address received, or all of them, newest first. */
export async function listMail({ to, limit }: { to?: string; limit: number }): Promise<SandboxMail[]> {
  const rows = await sharedRedis().lrange(to ? addressKey(to) : allKey(), 0, limit - 1);
  return rows.map((row) => JSON.parse(row) as SandboxMail);
}
