import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

/** Opaque tokens (refresh, password reset): 256 random bits, URL-safe. Only their SHA-256 is stored. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const newFamilyId = (): string => randomUUID();

/** A 4-digit sign-up code with no zero digit (a zero counts as not a number). */
export const newSignupCode = (): string => Array.from({ length: 4 }, () => String(randomInt(1, 10))).join('');
