import crypto from 'node:crypto';
import { config } from '../config';

const key = () => crypto.createHash('sha256').update(config.encryptionKey).digest();

/** AES-256-GCM; the result is "iv.tag.ciphertext" in base64url. */
export function encryptSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decryptSecret(sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = crypto.createDecipheriv('aes-256-gcm', key(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/** "••••••••1a2b": enough for the owner to recognise the token, never enough to use it. */
export function maskSecret(plain: string): string {
  return `${'•'.repeat(8)}${plain.slice(-4)}`;
}
