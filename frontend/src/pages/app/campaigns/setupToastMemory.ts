/** Where the campaigns whose setup-progress toast has been shown are remembered, in this browser. */
export const SETUP_TOAST_STORAGE_KEY = 'ringcast.setupToastShown';
/** Enough for any account's campaigns in setup at once; older entries drop off first. */
const REMEMBERED = 50;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function shownIds(storage: KeyValueStore): number[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SETUP_TOAST_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Whether this campaign's setup-progress toast is still to be shown, and if so remembers that it
 * now is: the toast says once that setup is under way, not on every visit.
 */
export function firstSetupToastFor(campaignId: number, storage: KeyValueStore): boolean {
  const ids = shownIds(storage);
  if (ids.includes(campaignId)) return false;
  try {
    storage.setItem(SETUP_TOAST_STORAGE_KEY, JSON.stringify([...ids, campaignId].slice(-REMEMBERED)));
  } catch {
    // Storage full or refused (private mode): the toast shows, it just may show again.
  }
  return true;
}
