import { createHash, createHmac, hkdfSync, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** Opaque tokens (refresh, password reset): 256 random bits, URL-safe. Only their SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const hmac = (key: Buffer, value: string): string => createHmac('sha256', key).update(value).digest('hex');
export const newFamilyId = (): string => randomUUID();

/**
 * A key of its own for one purpose, derived from the JWT secret with HKDF (RFC 5869), so a key that leaks from one
 * use (say, the sign-up code HMACs) neither signs access tokens nor serves any other purpose.
 */
export const deriveKey = (secret: string, purpose: string): Buffer => Buffer.from(hkdfSync('sha256', secret, '', `directory ${purpose}`, 32));

/** Compares two hex digests in constant time. */
export const sameDigest = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** A 4-digit sign-up code with no zero digit (spec section 5: a zero counts as not a number). */
export const newSignupCode = (): string => Array.from({ length: 4 }, () => String(randomInt(1, 10))).join('');
