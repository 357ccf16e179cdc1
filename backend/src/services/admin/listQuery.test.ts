import { describe, expect, it } from 'vitest';
import { containsPattern } from './listQuery';

describe('containsPattern', () => {
  it("matches the text anywhere, with LIKE's own characters taken literally", () => {
    expect(containsPattern('acme')).toBe('%acme%');
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(containsPattern('back\\slash')).toBe('%back\\\\slash%');
  });
});
