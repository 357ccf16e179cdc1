import { callingAreaOf, callingAreaPartOf, storedCallingArea, zipCallingAreaOf } from '../calls/dispatch';

/** What a row says about where the prospect is, as cleaned text ('' when it says nothing). */
export interface RowAddress {
  timeZone: string;
  state: string;
  zip: string;
}

export type StoredCallingArea = ReturnType<typeof storedCallingArea>;

/** Beyond this many distinct places (a list of distinct ZIP codes, say) the memo starts over. */
const MAX_PLACES = 20_000;

/**
 * The stored calling area of a list's prospects, worked out once per place: the number's length,
 * the part of it callingAreaOf reads (callingAreaPartOf) and the row's address. A list has a few
 * thousand places; most rows say nothing of their address, and theirs is found without a key for it.
 */
export class CallingAreaMemo {
  /** By the number's length, its calling-area part, then the row's address. */
  private places = new Map<number, Map<string, Map<string, StoredCallingArea>>>();
  private size = 0;

  of(phoneNumber: string, address: RowAddress): StoredCallingArea {
    const { timeZone, state, zip } = address;
    const addressKey = timeZone || state || zip ? `${timeZone}\n${state}\n${zip}` : '';
    const part = callingAreaPartOf(phoneNumber);
    const found = this.places.get(phoneNumber.length)?.get(part)?.get(addressKey);
    if (found) return found;
    const area = storedCallingArea(
      callingAreaOf(phoneNumber, { timeZone, state, zip: zipCallingAreaOf(zip) }),
    );
    if (this.size >= MAX_PLACES) {
      this.places.clear();
      this.size = 0;
    }
    let byPart = this.places.get(phoneNumber.length);
    if (!byPart) this.places.set(phoneNumber.length, (byPart = new Map()));
    let byAddress = byPart.get(part);
    if (!byAddress) byPart.set(part, (byAddress = new Map()));
    byAddress.set(addressKey, area);
    this.size++;
    return area;
  }
}
