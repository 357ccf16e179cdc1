import { describe, expect, it } from 'vitest';
import { SETUP_TOAST_STORAGE_KEY, firstSetupToastFor } from './setupToastMemory';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
};

describe('the setup-progress toast, once per campaign', () => {
  it('shows for a campaign the first time only', () => {
    const storage = memoryStorage();
    expect(firstSetupToastFor(7, storage)).toBe(true);
    expect(firstSetupToastFor(7, storage)).toBe(false);
    expect(firstSetupToastFor(8, storage)).toBe(true);
    expect(JSON.parse(storage.values.get(SETUP_TOAST_STORAGE_KEY)!)).toEqual([7, 8]);
  });

  it('reads unreadable memory as nothing shown yet', () => {
    expect(firstSetupToastFor(7, memoryStorage({ [SETUP_TOAST_STORAGE_KEY]: '{not json' }))).toBe(true);
    expect(firstSetupToastFor(7, memoryStorage({ [SETUP_TOAST_STORAGE_KEY]: '{"7":true}' }))).toBe(true);
  });

  it('still shows when the browser refuses to store', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(firstSetupToastFor(7, refusing)).toBe(true);
  });

  it('keeps only the latest campaigns', () => {
    const storage = memoryStorage();
    for (let id = 1; id <= 60; id++) firstSetupToastFor(id, storage);
    const kept = JSON.parse(storage.values.get(SETUP_TOAST_STORAGE_KEY)!) as number[];
    expect(kept).toHaveLength(50);
    expect(firstSetupToastFor(60, storage)).toBe(false);
    expect(firstSetupToastFor(1, storage)).toBe(true);
  });
});
