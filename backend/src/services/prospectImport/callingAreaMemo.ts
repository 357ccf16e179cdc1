import { areaCodeOf } from '@ringcast/shared-types';
import { callingAreaOf, libraryZonePrefixOf, storedCallingArea, zipCallingAreaOf } from '../calls/dispatch';

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
 * The stored calling area of a list's prospects, worked out once per place. callingAreaOf reads a
 * number only through its area code and the zone table's prefix it falls under, so numbers that
 * share both, with the same address in their row, share the answer; a list has a few hundred.
 */
export class CallingAreaMemo {
  private places = new Map<string, StoredCallingArea>();

  of(phoneNumber: string, address: RowAddress): StoredCallingArea {
    const place = [
      libraryZonePrefixOf(phoneNumber),
      areaCodeOf(phoneNumber),
      address.timeZone,
      address.state,
      address.zip,
    ].join('\n');
    let area = this.places.get(place);
    if (!area) {
      area = storedCallingArea(
        callingAreaOf(phoneNumber, {
          timeZone: address.timeZone,
          state: address.state,
          zip: zipCallingAreaOf(address.zip),
        }),
      );
      if (this.places.size >= MAX_PLACES) this.places.clear();
      this.places.set(place, area);
    }
    return area;
  }
}
