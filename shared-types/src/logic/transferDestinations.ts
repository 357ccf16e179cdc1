import { DEFAULT_TRANSFER_LABEL, type TransferDestination, type TransferHours } from '../domain/transfer';
import { minuteOfClock } from './callingWindow';
import { isE164Phone, toE164 } from './phone';
import { localTimeAt } from './zonedTime';

/**
 * Whom a campaign's agent may transfer to: the destinations it names, or, while it names none, the
 * owner's profile phone number as "Office" (none when that is not a valid number).
 */
export function transferDestinationsOf(
  stored: readonly TransferDestination[] | null | undefined,
  ownerPhone: string | null | undefined,
): TransferDestination[] {
  if (stored?.length) return [...stored];
  const phoneNumber = ownerPhone ? toE164(ownerPhone) : null;
  return phoneNumber && isE164Phone(phoneNumber)
    ? [{ label: DEFAULT_TRANSFER_LABEL, phoneNumber, hours: null }]
    : [];
}

/** The destination a label names, whatever its case; undefined when none does. */
export const destinationByLabel = (destinations: readonly TransferDestination[], label: string) =>
  destinations.find((d) => d.label.trim().toLowerCase() === label.trim().toLowerCase());

/** Open at `at`: no hours, or inside `from`-`to` on one of `days`, on the business's clock. */
export function isTransferOpen(hours: TransferHours | null, at: Date | number): boolean {
  if (!hours) return true;
  const local = localTimeAt(at, hours.timeZone);
  return (
    hours.days.includes(local.weekday) &&
    local.minute >= minuteOfClock(hours.from) &&
    local.minute < minuteOfClock(hours.to)
  );
}
