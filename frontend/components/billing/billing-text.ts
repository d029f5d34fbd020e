import { formatEuro, type BillingStateDto, type SubscriptionDto } from '@directory/domain';
import type { useI18n } from '../../lib/i18n';

type Translator = ReturnType<typeof useI18n>['t'];

/** A date as the control panel shows it: 12 March 2026 (Irish time). */
export const longDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-IE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' }) : '';

/** Stripe's statuses in the lister's words. */
export const STATUS_TEXT: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  incomplete: 'Awaiting payment',
  incomplete_expired: 'Ended',
  canceled: 'Ended',
  paused: 'Paused',
};

export const isLive = (s: SubscriptionDto | null): boolean => !!s && !s.ended_at && s.status !== 'canceled' && s.status !== 'incomplete_expired';

/**
 * The subscription in one line, each fact once: 'Free trial until 26 January 2027, then €20 a month', '€20 a month, next
 * payment on 12 March 2027', what a cancellation leaves, or when it ended.
 */
export function summaryLine(t: Translator, s: SubscriptionDto): string {
  const price = formatEuro(s.amount_cents);
  const values = { price, interval: s.plan, status: STATUS_TEXT[s.status] ?? s.status };
  if (!isLive(s)) return t('billing.ended', { date: longDate(s.ended_at) });
  if (s.status === 'trialing') return t(s.cancel_at_period_end ? 'billing.trialCancelled' : 'billing.trial', { ...values, date: longDate(s.trial_end) });
  if (s.cancel_at_period_end) return t('billing.cancelled', { ...values, date: longDate(s.current_period_end) });
  if (s.status === 'active') return t('billing.active', { ...values, date: longDate(s.current_period_end) });
  return t(s.status === 'past_due' ? 'billing.pastDue' : 'billing.other', values);
}

/** One line on whether listings can be published, and why. */
export function publishingText(state: BillingStateDto): string {
  if (state.free_for_life) return 'Free for life: your listings are published without a subscription.';
  if (state.can_publish) return 'Your listings can be published.';
  return 'Publishing needs a subscription: start your free trial to publish your listings.';
}
