import type { DoNotCallEntry, DoNotCallImport as DoNotCallImportDto } from '@ringcast/shared-types';
import type { DoNotCallImport, DoNotCallNumber } from '../db/models';

export const presentDoNotCall = (entry: DoNotCallNumber): DoNotCallEntry => ({
  phoneNumber: entry.phoneNumber,
  reason: entry.reason ?? null,
  source: entry.source,
  createdAt: entry.createdAt.toISOString(),
});

export const presentDoNotCallImport = (found: DoNotCallImport): DoNotCallImportDto => ({
  id: found.id,
  status: found.status,
  fileName: found.fileName,
  linesRead: found.linesRead,
  processed: found.processed ?? 0,
  added: found.added ?? 0,
  alreadyPresent: found.alreadyPresent ?? 0,
  invalid: found.invalid ?? 0,
  errorMessage: found.errorMessage ?? null,
  createdAt: found.createdAt.toISOString(),
  updatedAt: found.updatedAt.toISOString(),
});
