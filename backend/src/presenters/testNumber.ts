import type { TestNumber as TestNumberDto } from '@ringcast/shared-types';
import type { TestNumber } from '../db/models';

export const presentTestNumber = (row: TestNumber): TestNumberDto => ({
  id: row.id,
  phoneNumber: row.phoneNumber,
  label: row.label ?? null,
  createdAt: row.createdAt.toISOString(),
});
