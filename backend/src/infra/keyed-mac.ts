import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * MACs keyed for one purpose: the key is derived from the app secret and the purpose's name, so a value made for one
 * purpose (a form token, a visitor's hash) is never valid for another, and the secret itself never keys anything.
 */
export class KeyedMac {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = createHmac('sha256', secret).update(`directory:${purpose}`).digest();
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
