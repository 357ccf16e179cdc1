import type { DoNotCallEntry } from '@ringcast/shared-types';
import type { DoNotCallNumber } from '../db/models';

export const presentDoNotCall = (entry: DoNotCallNumber): DoNotCallEntry => ({
  phoneNumber: entry.phoneNumber,
  reason: entry.reason ?? null,
  source: entry.source,
  createdAt: entry.createdAt.toISOString(),
});
