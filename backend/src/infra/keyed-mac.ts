import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * MACs keyed for one purpose (sign-up codes, form tokens, visitors' daily marks): the key is derived from the app secret
 * and the purpose's name with HKDF (RFC 5869), so a value made for one purpose is never valid for another, a key that
 * leaks from one use serves no other, and the secret itself (which signs access tokens) never keys anything.
 */
export class KeyedMac {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, '', `directory ${purpose}`, 32));
  }

  /** 43 URL-safe characters. */
  of(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64url');
  }

  /** Compares in constant time, so the answer's timing tells nothing about a guessed MAC. */
  matches(value: string, mac: string): boolean {
    const expected = Buffer.from(this.of(value));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
