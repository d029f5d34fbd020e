import { BillingStateDto, ENDED_STATUSES, PLAN_TERMS, PUBLISHING_STATUSES, SubscriptionDto } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { BillingClock } from './billing.clock';
import { BillingRepository } from './billing.repository';
import type { SubscriptionEntity } from './subscription.entity';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY_MS = 86_400_000;

export const isEnded = (s: Pick<SubscriptionEntity, 'status' | 'endedAt'>) => s.endedAt !== null || (ENDED_STATUSES as readonly string[]).includes(s.status);
export const allowsPublishing = (s: Pick<SubscriptionEntity, 'status' | 'endedAt'>) => s.endedAt === null && (PUBLISHING_STATUSES as readonly string[]).includes(s.status);

/** The subscription's first payment is the lister's first payment ever: the one the refund guarantee covers. */
export const holdsFirstPayment = (s: Pick<SubscriptionEntity, 'firstPaidAt'>, firstPaymentEver: Date | null) =>
  s.firstPaidAt !== null && firstPaymentEver !== null && s.firstPaidAt.getTime() <= firstPaymentEver.getTime();

/**
 * The end of the self-service refund window: the lister's first payment ever plus PLAN_TERMS.refundDays, for the
 * subscription holding that payment only (null otherwise, and when nothing was paid). Counted per lister, not per
 * subscription: a refund ends the subscription, and a later one (paid at once) must not open a new window.
 */
export const refundWindowEnd = (s: Pick<SubscriptionEntity, 'firstPaidAt'>, firstPaymentEver: Date | null) =>
  holdsFirstPayment(s, firstPaymentEver) ? new Date(s.firstPaidAt!.getTime() + PLAN_TERMS.refundDays * DAY_MS) : null;

export function subscriptionDto(s: SubscriptionEntity, now: Date, firstPaymentEver: Date | null): SubscriptionDto {
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
    return {
      can_publish: freeForLife || live.some(allowsPublishing),
      free_for_life: freeForLife,
      free_for_life_offered: this.config.site === 'cliste',
      subscription: latest ? subscriptionDto(latest, this.clock.now(), firstPaymentEver) : null,
      trial_available: count === 0,
      application: application ? { status: application.status, organisation: application.organisation, created_at: application.createdAt.toISOString() } : null,
    };
  }
}
