import { describe, expect, it } from 'vitest';
import { clientAddress } from './clientAddress';

describe('clientAddress', () => {
  it('keeps an IPv4 address, also when it comes IPv4-mapped', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64, however they are written', () => {
    const block = clientAddress('2001:db8:85a3:42::1');
    expect(block).toBe('2001:db8:85a3:42::/64');
    expect(clientAddress('2001:0db8:85a3:0042:ffff:1:2:3')).toBe(block);
    expect(clientAddress('2001:db8:85a3:43::1')).not.toBe(block);
  });
});
