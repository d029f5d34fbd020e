/**
 * How much a signed-in member may write, counted per account in the API (every API process shares the counts): each
 * write a member makes (POST, PUT, PATCH, DELETE with a member's token) counts under `any`, and a route that costs
 * more (a new listing, a photo, a call to Stripe) also under its own quota. Admins have none. A write past a quota
 * answers 429 `too_many_writes` naming the quota (`quotaText`).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface WriteQuota {
  max: number;
  windowMs: typeof MINUTE | typeof HOUR | typeof DAY;
  /** What is counted, as the refusal names it: "new listings". */
  what: string;
}

export const WRITE_QUOTAS = {
  /** Every write: far above what a person saving forms makes, far below a script. */
  any: [
    { max: 60, windowMs: MINUTE, what: 'changes' },
    { max: 1000, windowMs: DAY, what: 'changes' },
  ],
  /** Creating a listing: a lister has one, an agency a few. */
  newPost: [
    { max: 10, windowMs: HOUR, what: 'new listings' },
    { max: 30, windowMs: DAY, what: 'new listings' },
  ],
  /** Photos: each is decoded and resized into every width. */
  photo: [{ max: 30, windowMs: HOUR, what: 'photo uploads' }],
  /** Videos and audios added or removed. */
  media: [{ max: 40, windowMs: HOUR, what: 'video and audio changes' }],
  /** Subscription requests, each a call to Stripe. */
  billing: [{ max: 20, windowMs: HOUR, what: 'subscription requests' }],
  /** The account's names, email and password, and its deletion. */
  account: [{ max: 20, windowMs: HOUR, what: 'account changes' }],
  /** The enquiries inbox: marking read and deleting. */
  inbox: [{ max: 300, windowMs: HOUR, what: 'inbox changes' }],
  /** Replies to reviews, reports and requests for more time. */
  reviews: [{ max: 100, windowMs: HOUR, what: 'review replies and reports' }],
} as const satisfies Record<string, readonly WriteQuota[]>;

export type WriteQuotaName = keyof typeof WRITE_QUOTAS;

const WINDOW_TEXT = { [MINUTE]: 'a minute', [HOUR]: 'an hour', [DAY]: 'a day' } as const;

/** "10 new listings an hour" */
export const quotaText = (quota: WriteQuota): string => `${quota.max.toLocaleString('en-IE')} ${quota.what} ${WINDOW_TEXT[quota.windowMs]}`;

/**
 * The lengths of what people type, defined once: the API's DTOs refuse beyond them and the site's forms stop typing
 * (maxLength) or warn at the same numbers, so a form never lets through what the API then refuses.
 */
export const INPUT_LIMITS = {
  postTitleMin: 3,
  postTitleMax: 120,
  postContentMax: 10_000,
  /** A post's town or area (vitals.area). */
  postAreaMax: 120,
  nameMax: 100,
  /** The column's width: an email is also the username. */
  emailMax: 190,
  passwordMin: 8,
  passwordMax: 200,
  organisationMin: 2,
  organisationMax: 200,
} as const;

/** A new password: between the limits, with a letter and a number. */
export const NEW_PASSWORD_PATTERN = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d).{${INPUT_LIMITS.passwordMin},${INPUT_LIMITS.passwordMax}}$`);
