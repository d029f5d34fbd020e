import { BillingStateDto, ENDED_STATUSES, PLAN_TERMS, PUBLISHING_STATUSES, SubscriptionDto } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { BillingClock } from './billing.clock';
import { BillingRepository, type FirstPayment } from './billing.repository';
import type { SubscriptionEntity } from './subscription.entity';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const DAY_MS = 86_400_000;

export const isEnded = (s: Pick<SubscriptionEntity, 'status' | 'endedAt'>) => s.endedAt !== null || (ENDED_STATUSES as readonly string[]).includes(s.status);
export const allowsPublishing = (s: Pick<SubscriptionEntity, 'status' | 'endedAt'>) => s.endedAt === null && (PUBLISHING_STATUSES as readonly string[]).includes(s.status);

/** The subscription holds the lister's first payment ever: the one payment the refund guarantee covers. */
export const holdsFirstPayment = (s: Pick<SubscriptionEntity, 'firstPaidAt' | 'stripeSubscriptionId'>, first: FirstPayment | null) =>
  s.firstPaidAt !== null && first !== null && first.subscriptionId === s.stripeSubscriptionId;

/**
 * The end of the self-service refund window: the lister's first payment ever plus PLAN_TERMS.refundDays, on the
 * subscription holding that payment only (null otherwise, and when nothing was paid). Counted per lister, not per
 * subscription: a refund ends the subscription, and a later one (paid at once) must not open a new window.
 */
export const refundWindowEnd = (s: Pick<SubscriptionEntity, 'firstPaidAt' | 'stripeSubscriptionId'>, first: FirstPayment | null) =>
  holdsFirstPayment(s, first) ? new Date(first!.at.getTime() + PLAN_TERMS.refundDays * DAY_MS) : null;

export function subscriptionDto(s: SubscriptionEntity, now: Date, firstPaymentEver: FirstPayment | null): SubscriptionDto {
  const windowEnd = refundWindowEnd(s, firstPaymentEver);
  return {
    id: s.id,
    plan: s.plan,
    status: s.status,
    amount_cents: s.amountCents,
    trial_end: iso(s.trialEnd),
    current_period_end: iso(s.currentPeriodEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    started_at: s.startedAt.toISOString(),
    first_paid_at: iso(s.firstPaidAt),
    ended_at: iso(s.endedAt),
    refundable_until: windowEnd && !isEnded(s) && windowEnd > now ? windowEnd.toISOString() : null,
    refund_requested_at: iso(s.refundRequestedAt),
    refund_by_admin: s.firstPaidAt !== null && !isEnded(s) && s.refundRequestedAt === null && !holdsFirstPayment(s, firstPaymentEver),
  };
}

/**
 * A lister's billing state, read only: what GET /api/billing/subscription/ and GET /api/me/ show. Exported by the
 * billing module so the auth module can read it without billing knowing about auth.
 */
@Injectable()
export class BillingStateReader {
  constructor(
    private readonly repo: BillingRepository,
    private readonly clock: BillingClock,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async stateFor(userId: number): Promise<BillingStateDto> {
    const [user, latest, live, count, application, firstPaymentEver] = await Promise.all([
      this.repo.user(userId),
      this.repo.latestFor(userId),
      this.repo.liveFor(userId),
      this.repo.countFor(userId),
      this.repo.applications.findOne({ where: { userId }, order: { id: 'DESC' } }),
      this.repo.firstPaymentEver(userId),
    ]);
    const freeForLife = user?.freeForLife === true;
    // A deleted and re-created account of the same address (normalised) has had its trial.
    const trialUsed = count > 0 || (user ? (await this.repo.history(user.email))?.trialStartedAt != null : false);
    return {
      can_publish: freeForLife || live.some(allowsPublishing),
      free_for_life: freeForLife,
      free_for_life_offered: this.config.site === 'cliste',
      subscription: latest ? subscriptionDto(latest, this.clock.now(), firstPaymentEver) : null,
      trial_available: !trialUsed,
      application: application ? { status: application.status, organisation: application.organisation, created_at: application.createdAt.toISOString() } : null,
    };
  }
}
