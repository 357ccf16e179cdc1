import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { User } from '../src/db/models';
import { WebhookEndpoint } from '../src/db/models/webhooks';
import { decryptSecret, encryptSecret, isSealedWithCurrentKey } from '../src/lib/secretBox';
import { uniqueEmail } from './helpers/client';
import { runScript } from './helpers/processes';

/**
 * `npm run rotate-keys` after a key change: the test process's ENCRYPTION_KEY plays the new key,
 * and tokens sealed by a retired key (with and without a key id) are re-sealed with it.
 */
const RETIRED = 'a retired encryption key';
const UNKNOWN = 'a key nobody configured';

/** Seals as this process would have with `secret` as its ENCRYPTION_KEY. */
function sealedWith(secret: string, plain: string): string {
  const current = config.encryptionKey;
  config.encryptionKey = secret;
  try {
    return encryptSecret(plain);
  } finally {
    config.encryptionKey = current;
  }
}

/** As values were sealed before key ids: the same "iv.tag.ciphertext" without the id (secretBox.test.ts checks it). */
const sealedWithoutKeyId = (secret: string, plain: string) =>
  sealedWith(secret, plain).split('.').slice(1).join('.');

const userWithToken = (twilioAuthTokenEncrypted: string) =>
  User.create({
    firstName: 'Key',
    lastName: 'Rotation',
    email: uniqueEmail('rotate'),
    passwordHash: 'not-a-real-hash',
    twilioAccountSid: `AC${'0'.repeat(32)}`,
    twilioAuthTokenEncrypted,
  });

const tokenOf = async (id: number) =>
  (await User.findByPk(id, { rejectOnEmpty: true })).twilioAuthTokenEncrypted!;
const rotate = () => runScript('scripts/rotate-keys.ts', { ENCRYPTION_KEYS_OLD: RETIRED, LOG_LEVEL: 'warn' });

const created: number[] = [];
afterAll(async () => {
  await User.destroy({ where: { id: created } });
});

describe('npm run rotate-keys', () => {
  it('re-seals every token with ENCRYPTION_KEY, and a second run changes nothing', async () => {
    const withKeyId = await userWithToken(sealedWith(RETIRED, 'token-with-key-id'));
    const legacy = await userWithToken(sealedWithoutKeyId(RETIRED, 'token-from-before-key-ids'));
    const legacyCurrent = await userWithToken(sealedWithoutKeyId(config.encryptionKey, 'legacy-current'));
    const current = await userWithToken(encryptSecret('token-already-current'));
    created.push(withKeyId.id, legacy.id, legacyCurrent.id, current.id);
    const currentBefore = await tokenOf(current.id);
    // Webhook endpoints' signing secrets are sealed the same way, and re-sealed with the tokens.
    const endpoint = await WebhookEndpoint.create({
      userId: current.id,
      url: 'https://crm.example.com/hooks',
      events: ['call.completed'],
      secretEncrypted: sealedWith(RETIRED, 'whsec_rotated'),
    });

    const first = await rotate();
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Re-encrypted 4 stored secret\(s\) with ENCRYPTION_KEY/);
    expect(first.stdout).toMatch(/ENCRYPTION_KEYS_OLD can be removed/);

    const expected: [number, string][] = [
      [withKeyId.id, 'token-with-key-id'],
      [legacy.id, 'token-from-before-key-ids'],
      [legacyCurrent.id, 'legacy-current'],
      [current.id, 'token-already-current'],
    ];
    for (const [id, plain] of expected) {
      const sealed = await tokenOf(id);
      expect(isSealedWithCurrentKey(sealed), plain).toBe(true);
      expect(decryptSecret(sealed)).toBe(plain);
    }
    expect(await tokenOf(current.id)).toBe(currentBefore);
    const secret = (await endpoint.reload()).secretEncrypted;
    expect(isSealedWithCurrentKey(secret)).toBe(true);
    expect(decryptSecret(secret)).toBe('whsec_rotated');

    const again = await rotate();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/Re-encrypted 0 stored secret\(s\)/);
  });

  it('leaves a token no configured key opens, names its user and exits non-zero', async () => {
    const sealed = sealedWith(UNKNOWN, 'lost-token');
    const lost = await userWithToken(sealed);
    created.push(lost.id);
    const res = await rotate();
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`user(s) ${lost.id}`);
    expect(await tokenOf(lost.id)).toBe(sealed);
    // Not left behind for the other test files, whose admin lists present every user.
    await User.destroy({ where: { id: lost.id } });
  });
});
