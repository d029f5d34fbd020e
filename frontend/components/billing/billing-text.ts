import { formatEuro, type BillingStateDto, type SubscriptionDto } from '@directory/domain';

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

export const planText = (s: SubscriptionDto) => `${s.plan === 'yearly' ? 'Yearly' : 'Monthly'}, ${formatEuro(s.amount_cents)} / ${s.plan === 'yearly' ? 'year' : 'month'}`;

/** What comes next for a live subscription: the trial's end, the next payment, or the end after a cancellation. */
export function nextStep(s: SubscriptionDto): string {
  if (s.cancel_at_period_end) return `Cancelled: ends on ${longDate(s.status === 'trialing' ? s.trial_end : s.current_period_end)}${s.status === 'trialing' ? ', with no charge' : ''}.`;
  if (s.status === 'trialing') return `Free trial until ${longDate(s.trial_end)}; then ${formatEuro(s.amount_cents)} will be charged.`;
  if (s.status === 'past_due') return 'Your last payment did not go through: please update your card.';
  return `Next payment: ${formatEuro(s.amount_cents)} on ${longDate(s.current_period_end)}.`;
}

/** One line on whether listings can be published, and why. */
export function publishingText(state: BillingStateDto): string {
  if (state.free_for_life) return 'Free for life: your listings are published without a subscription.';
  if (state.can_publish) return 'Your listings can be published.';
  return 'Publishing needs a subscription: start your free trial to publish your listings.';
}
