/**
 * Subscription terms: a 60-day free trial (shown as two months), a reminder email 2 days
 * before it converts to the paid plan, and a full refund within 30 days. The amounts are per site (SITE_PRESETS).
 */
export const PLAN_TERMS = {
  currency: 'eur',
  trialDays: 60,
  reminderDaysBefore: 2,
  refundDays: 30,
  /** A subscription that stops being paid (past due, unpaid, paused, incomplete) keeps its listings this long. */
  unpaidGraceDays: 7,
} as const;

/** The trial as the pages name it: 60 days is a "2-month free trial". */
export const TRIAL_MONTHS = Math.round(PLAN_TERMS.trialDays / 30);

/**
 * An amount in whole cents as the pages and emails show it: €20, €9.5, €1,250.99 (what
 * `(cents / 100).toLocaleString('en-IE', { maximumFractionDigits: 2 })` writes, without Intl: the first Intl call of a
 * page loads the locale's data, about 80 ms of Lighthouse's 4x-slowed main thread when /pricing hydrates).
 */
export const formatEuro = (cents: number): string => {
  const whole = Math.round(Math.abs(cents));
  const euros = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = whole % 100;
  const fraction = rest === 0 ? '' : rest % 10 === 0 ? `.${rest / 10}` : `.${String(rest).padStart(2, '0')}`;
  return `€${cents < 0 && whole > 0 ? '-' : ''}${euros}${fraction}`;
};

/** Stripe's subscription statuses in which a lister may publish. */
export const PUBLISHING_STATUSES = ['trialing', 'active'] as const;
/** Stripe's statuses of a subscription not paid up but not over: publishing stops, listings go after the grace period. */
export const UNPAID_STATUSES = ['past_due', 'unpaid', 'paused', 'incomplete'] as const;
/** Stripe's statuses of a subscription that is over for good. */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const;

export type PlanInterval = 'monthly' | 'yearly';

/** A lister's subscription as the API shows it (GET /api/billing/subscription/, GET /api/me/). Times are ISO strings. */
export interface SubscriptionDto {
  id: number;
  plan: PlanInterval;
  /** Stripe's word: trialing, active, past_due, canceled, incomplete, incomplete_expired, unpaid, paused. */
  status: string;
  amount_cents: number;
  trial_end: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  started_at: string;
  first_paid_at: string | null;
  ended_at: string | null;
  /**
   * Until when the lister may take a refund themselves (null: nothing paid yet, window over, ended, or not the
   * lister's first payment ever: the refund guarantee covers that one only, once).
   */
  refundable_until: string | null;
  /** When a refund of a later payment was asked for and passed to an admin (null: none). */
  refund_requested_at: string | null;
  /**
   * A refund of this subscription's payment may be asked of the site's team (it is paid, live, not the lister's first
   * payment ever, and not asked for yet): the site offers to pass the request on.
   */
  refund_by_admin: boolean;
}

export interface FreeForLifeApplicationDto {
  status: 'pending' | 'approved' | 'refused';
  organisation: string;
  created_at: string;
}

/** The lister's billing state: may they publish, and why. */
export interface BillingStateDto {
  can_publish: boolean;
  free_for_life: boolean;
  /** Free for life can be applied for on this site (cliste only). */
  free_for_life_offered: boolean;
  /** The newest subscription, ended or not; null before the first. */
  subscription: SubscriptionDto | null;
  /** A new subscription starts with the free trial (only the first one does). */
  trial_available: boolean;
  application: FreeForLifeApplicationDto | null;
}
