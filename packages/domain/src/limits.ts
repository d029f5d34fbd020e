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
} as const satisfies Record<string, readonly WriteQuota[]>;

export type WriteQuotaName = keyof typeof WRITE_QUOTAS;

const WINDOW_TEXT = { [MINUTE]: 'a minute', [HOUR]: 'an hour', [DAY]: 'a day' } as const;

/** "10 new listings an hour" */
export const quotaText = (quota: WriteQuota): string => `${quota.max.toLocaleString('en-IE')} ${quota.what} ${WINDOW_TEXT[quota.windowMs]}`;
