/**
 * The phone numbers a parse has seen, to drop repeats. A list holds up to a million of them: as a
 * Set of strings that costs about 80 bytes each (the string and the Set's entry), here an E.164
 * number ("+" and at most 15 digits, so an exact double) costs 16 bytes in an open-addressing table.
 */
export class PhoneSet {
  private slots = new Float64Array(1 << 16);
  private used = 0;
  /** Anything that is not "+digits" (never expected of a normalised number) is still counted right. */
  private others = new Set<string>();

  /** Adds the number; false when it was there already. */
  add(phone: string): boolean {
    const key = /^\+\d{1,15}$/.test(phone) ? Number(phone.slice(1)) + 1 : Number.NaN;
    if (Number.isNaN(key)) {
      if (this.others.has(phone)) return false;
      this.others.add(phone);
      return true;
    }
    // Keys are >= 1 (the + 1 above), so 0 marks an empty slot.
    if ((this.used + 1) * 2 > this.slots.length) this.grow();
    return this.insert(this.slots, key);
  }

  private insert(slots: Float64Array, key: number): boolean {
    const mask = slots.length - 1;
    for (let at = hash(key) & mask; ; at = (at + 1) & mask) {
      if (slots[at] === key) return false;
      if (slots[at] === 0) {
        slots[at] = key;
        if (slots === this.slots) this.used++;
        return true;
      }
    }
  }

  private grow() {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    this.used = 0;
    for (const key of old) if (key) this.insert(this.slots, key);
  }
}

/** Mixes the number's low and high 32 bits so nearby numbers spread across the table. */
function hash(key: number): number {
  const low = (key % 0x100000000) | 0;
  const high = Math.floor(key / 0x100000000) | 0;
  return Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) ^ (low >>> 15);
}
