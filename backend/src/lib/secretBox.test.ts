import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../config';
import { decryptSecret, encryptSecret, isSealedWithCurrentKey, maskSecret } from './secretBox';

const configured = { key: config.encryptionKey, old: config.encryptionKeysOld };
afterEach(() => {
  config.encryptionKey = configured.key;
  config.encryptionKeysOld = configured.old;
});

function useKeys(current: string, old: string[] = []) {
  config.encryptionKey = current;
  config.encryptionKeysOld = old;
}

/**
 * A value as the secret box sealed it before key ids, written out independently of it:
 * "iv.tag.ciphertext" under SHA-256(key). What was stored then must still open.
 */
function sealedWithoutKeyId(plain: string, secret: string): string {
  const key = crypto.createHash('sha256').update(secret).digest();
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

describe('secretBox', () => {
  it('round-trips and never repeats a ciphertext', () => {
    const a = encryptSecret('token-123456');
    const b = encryptSecret('token-123456');
    expect(a).not.toBe(b);
    expect(a).not.toContain('token');
    expect(decryptSecret(a)).toBe('token-123456');
  });

  it('refuses a tampered ciphertext', () => {
    const [id, iv, tag, data] = encryptSecret('secret').split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => decryptSecret([id, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it('names the sealing key by a short id that reveals nothing of the key', () => {
    useKeys('first key');
    const [firstId] = encryptSecret('x').split('.');
    expect(firstId).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(encryptSecret('y').split('.')[0]).toBe(firstId);
    useKeys('second key');
    expect(encryptSecret('x').split('.')[0]).not.toBe(firstId);
  });

  it('seals new values with ENCRYPTION_KEY and still opens what ENCRYPTION_KEYS_OLD sealed', () => {
    useKeys('old key');
    const sealedOld = encryptSecret('twilio-token-1');
    useKeys('new key', ['old key']);
    expect(decryptSecret(sealedOld)).toBe('twilio-token-1');
    expect(isSealedWithCurrentKey(sealedOld)).toBe(false);
    const sealedNew = encryptSecret('twilio-token-2');
    expect(isSealedWithCurrentKey(sealedNew)).toBe(true);
    // Once the old key is dropped, its values no longer open, and the error says why.
    useKeys('new key');
    expect(() => decryptSecret(sealedOld)).toThrow(/neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD/);
    expect(decryptSecret(sealedNew)).toBe('twilio-token-2');
  });

  it('opens values sealed before key ids with whichever configured key fits', () => {
    const legacy = sealedWithoutKeyId('legacy-token', 'old key');
    useKeys('new key', ['older key', 'old key']);
    expect(decryptSecret(legacy)).toBe('legacy-token');
    expect(isSealedWithCurrentKey(legacy)).toBe(false);
    useKeys('new key');
    expect(() => decryptSecret(legacy)).toThrow(/None of the configured keys/);
  });

  it('masks all but the last four characters', () => {
    expect(maskSecret('abcdef123456')).toBe('••••••••3456');
  });
});
