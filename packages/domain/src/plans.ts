/**
 * Subscription terms (spec sections 4 and 9): a 60-day free trial (shown as two months), a reminder email 2 days
 * before it converts to the paid plan, and a full refund within 30 days. The amounts are per site (SITE_PRESETS).
 */
export const PLAN_TERMS = {
  currency: 'eur',
  trialDays: 60,
  reminderDaysBefore: 2,
  refundDays: 30,
} as const;

/** The trial as the pages name it: 60 days is a "2-month free trial". */
export const TRIAL_MONTHS = Math.round(PLAN_TERMS.trialDays / 30);

/** An amount in cents as the pages and emails show it: €20, €9.50. */
export const formatEuro = (cents: number): string => `€${(cents / 100).toLocaleString('en-IE', { maximumFractionDigits: 2 })}`;
