import crypto from 'node:crypto';

/**
 * Signs and checks cookie values (the Keygrip interface Koa's cookies expect). HMAC-SHA256 and a
 * constant-time compare; the first secret signs, any listed secret verifies, so secrets rotate.
 * Used in place of Keygrip, whose compare hashes twice more per request.
 */
export class CookieKeys {
  /** Recently verified (value, signature) pairs: a browser sends the same cookie on every request. */
  private readonly verified = new Map<string, number>();

  constructor(private readonly secrets: string[]) {
    if (!secrets.length) throw new Error('CookieKeys needs at least one secret');
  }

  private digest(secret: string, data: string): Buffer {
    return crypto.createHmac('sha256', secret).update(data).digest();
  }

  sign(data: string): string {
    return this.digest(this.secrets[0], data).toString('base64url');
  }

  index(data: string, signature: string): number {
    const memoKey = `${data}\n${signature}`;
    const known = this.verified.get(memoKey);
    if (known !== undefined) return known;
    const given = Buffer.from(signature, 'base64url');
    const index = this.secrets.findIndex((secret) => {
      const expected = this.digest(secret, data);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    });
    // Only good signatures are remembered, so forged ones cannot fill the memo.
    if (index >= 0) {
      if (this.verified.size >= 10_000) this.verified.clear();
      this.verified.set(memoKey, index);
    }
    return index;
  }

  verify(data: string, signature: string): boolean {
    return this.index(data, signature) >= 0;
  }
}
