import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, maskSecret } from './secretBox';

describe('secretBox', () => {
  it('round-trips and never repeats a ciphertext', () => {
    const a = encryptSecret('token-123456');
    const b = encryptSecret('token-123456');
    expect(a).not.toBe(b);
    expect(a).not.toContain('token');
    expect(decryptSecret(a)).toBe('token-123456');
  });

  it('refuses a tampered ciphertext', () => {
    const [iv, tag, data] = encryptSecret('secret').split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => decryptSecret([iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it('masks all but the last four characters', () => {
    expect(maskSecret('abcdef123456')).toBe('••••••••3456');
  });
});
