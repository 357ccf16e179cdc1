import crypto from 'node:crypto';
import { config } from '../config';

/**
 * AES-256-GCM for secrets at rest (users' Twilio auth tokens). A sealed value names the key that
 * sealed it: "<key id>.<iv>.<tag>.<ciphertext>", base64url. New values are sealed with
 * ENCRYPTION_KEY; ENCRYPTION_KEYS_OLD still open what they sealed, so a key can be replaced without
 * downtime and `npm run rotate-keys` then re-seals the stored values. Values sealed before key ids
 * existed ("<iv>.<tag>.<ciphertext>") are opened with whichever configured key fits.
 */
interface Key {
  /** A short one-way hash of the key: names it in every value, reveals nothing of it. */
  id: string;
  bytes: Buffer;
}

function deriveKey(secret: string): Key {
  const bytes = crypto.createHash('sha256').update(secret).digest();
  const id = crypto.createHash('sha256').update('ringcast-key-id\n').update(bytes).digest('base64url');
  return { id: id.slice(0, 8), bytes };
}

let ring: { source: string; current: Key; all: Key[] } | undefined;

/** The configured keys, current first; derived again only when the configuration changes. */
function keyring() {
  const secrets = [config.encryptionKey, ...config.encryptionKeysOld];
  const source = secrets.join('\n');
  if (ring?.source !== source) {
    const all = secrets.map(deriveKey);
    ring = { source, current: all[0]!, all };
  }
  return ring;
}

export class SecretBoxError extends Error {}

export function encryptSecret(plain: string): string {
  const { current } = keyring();
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', current.bytes, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [current.id, ...[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'))].join('.');
}

function open(key: Key, [iv, tag, data]: string[]): string {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv!, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data!, 'base64url')), decipher.final()]).toString('utf8');
}

export function decryptSecret(sealed: string): string {
  const parts = sealed.split('.');
  const { all } = keyring();
  if (parts.length === 4) {
    const key = all.find((k) => k.id === parts[0]);
    if (!key)
      throw new SecretBoxError(
        `Sealed with key ${parts[0]}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD`,
      );
    return open(key, parts.slice(1));
  }
  if (parts.length !== 3) throw new SecretBoxError('Not a sealed value');
  // From before key ids: GCM's tag tells the right key from the wrong ones.
  for (const key of all) {
    try {
      return open(key, parts);
    } catch {
      // Not this key.
    }
  }
  throw new SecretBoxError('None of the configured keys opens this value');
}

/** Sealed with ENCRYPTION_KEY under its id: nothing for a rotation to do. */
export const isSealedWithCurrentKey = (sealed: string) =>
  sealed.startsWith(`${keyring().current.id}.`) && sealed.split('.').length === 4;

/** "••••••••1a2b": enough for the owner to recognise the token, never enough to use it. */
export function maskSecret(plain: string): string {
  return `${'•'.repeat(8)}${plain.slice(-4)}`;
}
