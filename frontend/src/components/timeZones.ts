import { DEFAULT_NOTIFICATION_TIME_ZONE } from '@ringcast/shared-types';
import { fetchNotificationSettings } from '../api/notificationSettings';

/** The browser's own zone: what a zone field starts with until the customer picks another. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_NOTIFICATION_TIME_ZONE;
  } catch {
    return DEFAULT_NOTIFICATION_TIME_ZONE;
  }
}

/** Every zone the browser knows, as a Select's options, with `current` among them whatever it is. */
export function timeZoneOptions(current: string) {
  const intl = Intl as unknown as { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return [...new Set([current, ...zones])].map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** The zone new business hours start in: the owner's, when they chose one, else the browser's. */
export async function ownerTimeZone(): Promise<string> {
  try {
    return (await fetchNotificationSettings()).timeZone ?? browserTimeZone();
  } catch {
    return browserTimeZone();
  }
}
