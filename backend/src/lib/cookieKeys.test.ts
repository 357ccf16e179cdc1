import { describe, expect, it } from 'vitest';
import { CookieKeys } from './cookieKeys';

describe('CookieKeys', () => {
  it('verifies its own signatures and nothing else', () => {
    const keys = new CookieKeys(['s1']);
    const sig = keys.sign('ringcast.sid=abc');
    expect(keys.verify('ringcast.sid=abc', sig)).toBe(true);
    expect(keys.verify('ringcast.sid=abd', sig)).toBe(false);
    expect(keys.verify('ringcast.sid=abc', sig.slice(0, -2))).toBe(false);
    expect(new CookieKeys(['other']).verify('ringcast.sid=abc', sig)).toBe(false);
  });

  it('accepts a signature from an older secret after rotation', () => {
    const sig = new CookieKeys(['old']).sign('v');
    expect(new CookieKeys(['new', 'old']).index('v', sig)).toBe(1);
  });
});
