import { describe, expect, it } from 'vitest';
import { PhoneSet } from './phoneSet';

describe('PhoneSet', () => {
  it('says whether a number was new, across growth and for any text', () => {
    const set = new PhoneSet();
    const count = 200_000;
    const phone = (i: number) => `+1212${String(i).padStart(7, '0')}`;
    let added = 0;
    for (let i = 0; i < count; i++) if (set.add(phone(i))) added++;
    let repeated = 0;
    for (let i = 0; i < count; i += 7) if (!set.add(phone(i))) repeated++;
    expect(added).toBe(count);
    expect(repeated).toBe(Math.ceil(count / 7));
    expect(set.add('+999999999999999')).toBe(true);
    expect(set.add('+999999999999999')).toBe(false);
    expect(set.add('+0')).toBe(true);
    expect(set.add('+0')).toBe(false);
    expect(set.add('not a number')).toBe(true);
    expect(set.add('not a number')).toBe(false);
  });
});
