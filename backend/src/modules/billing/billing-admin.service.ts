import { BillingErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { SelectQueryBuilder } from 'typeorm';
import type { Viewer } from '../../common/viewer';
import { AuditService } from '../admin/audit/audit.service';
import { parseSimpleRest, SimpleRestPage, type SimpleRestList, type SimpleRestQueryDto } from '../../common/simple-rest';
import type { AdminRows } from '../admin/admin-resource';
import { BillingClock } from './billing.clock';
import { BillingException } from './billing.exception';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { FreeForLifeApplicationEntity } from './free-for-life-application.entity';
import { FreeForLifeService } from './free-for-life.service';
import { SubscriptionEntity } from './subscription.entity';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const SUBSCRIPTION_SORT = ['id', 'user_id', 'email', 'plan', 'status', 'trial_end', 'current_period_end', 'started_at', 'first_paid_at', 'amount_cents', 'refund_requested_at'] as const;
const APPLICATION_SORT = ['id', 'user_id', 'email', 'organisation', 'status', 'created_at', 'decided_at'] as const;
/** Sort fields as the API names them, and the column each one orders by. */
const column = (alias: string, field: string) => (field === 'email' ? 'u.email' : `${alias}.${field}`);

const ids = (filter: Record<string, unknown>) => {
  const id = filter.id;
  if (id === undefined) return undefined;
  const list = (Array.isArray(id) ? id : [id]).map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return list.length ? list : [0];
};

export type SubscriptionRow = ReturnType<typeof subscriptionRow>;
export type ApplicationRow = ReturnType<typeof applicationRow>;

export function subscriptionRow(s: SubscriptionEntity) {
  return {
    id: s.id,
    user_id: s.userId,
    email: s.user?.email ?? null,
    plan: s.plan,
    status: s.status,
    trial_end: iso(s.trialEnd),
    current_period_end: iso(s.currentPeriodEnd),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    started_at: s.startedAt.toISOString(),
    first_paid_at: iso(s.firstPaidAt),
    amount_cents: s.amountCents,
    refund_requested_at: iso(s.refundRequestedAt),
  };
}

export function applicationRow(a: FreeForLifeApplicationEntity) {
  return {
    id: a.id,
    user_id: a.userId,
    email: a.user?.email ?? null,
    organisation: a.organisation,
    students_not_charged: a.studentsNotCharged,
    status: a.status,
    created_at: a.createdAt.toISOString(),
    decided_at: iso(a.decidedAt),
  };
}

/** One page, ordered by the sort field's column, of the rows the query builder selects; `filter.id` keeps those ids. */
async function page<E extends object, R>(resource: string, qb: SelectQueryBuilder<E>, alias: string, list: SimpleRestList, row: (e: E) => R) {
  const only = ids(list.filter);
  if (only) qb.andWhere(`${alias}.id IN (:...only)`, { only });
  const [items, total] = await qb.orderBy(column(alias, list.sort.field), list.sort.order).skip(list.offset).take(list.limit).getManyAndCount();
  return new SimpleRestPage(resource, items.map(row), list.offset, total);
}

/** The admin app's subscriptions (docs/billing.md, docs/admin.md), and the refund an admin gives. */
@Injectable()
export class AdminSubscriptions implements AdminRows<SubscriptionRow> {
  constructor(
    private readonly repo: BillingRepository,
    private readonly billing: BillingService,
    private readonly audit: AuditService,
  ) {}

  async list(query: SimpleRestQueryDto) {
    const list = parseSimpleRest(query, SUBSCRIPTION_SORT, { field: 'id', order: 'DESC' });
    const qb = this.repo.subscriptions.createQueryBuilder('s').leftJoinAndSelect('s.user', 'u');
    const { status, q, refund_requested } = list.filter;
    if (typeof status === 'string' && status) qb.andWhere('s.status = :status', { status });
    // Refunds passed to an admin and not yet acted on: the subscription is still running.
    if (refund_requested === true) qb.andWhere('s.refund_requested_at IS NOT NULL AND s.ended_at IS NULL');
    if (typeof q === 'string' && q.trim()) qb.andWhere('LOWER(u.email) LIKE :q', { q: `%${q.trim().toLowerCase()}%` });
    return page('subscriptions', qb, 's', list, subscriptionRow);
  }

  async one(id: number) {
    const s = await this.repo.subscriptions.findOne({ where: { id }, relations: { user: true } });
    if (!s) throw new BillingException(BillingErrorCode.SubscriptionNotFound, { values: [id] });
    return subscriptionRow(s);
  }

  /** Stripe is called outside any transaction, so the audit row follows the refund (as a user deletion's does). */
  async refund(viewer: Viewer, id: number) {
    const before = await this.one(id);
    await this.billing.refundByAdmin(id);
    const after = await this.one(id);
    await this.audit.record(viewer, { action: 'refund', resource: 'subscriptions', recordId: id, before, after });
    return after;
  }
}

/** The admin app's free-for-life applications queue, and an admin's decision on one. */
@Injectable()
export class AdminFreeForLifeApplications implements AdminRows<ApplicationRow> {
  constructor(
    private readonly repo: BillingRepository,
    private readonly freeForLife: FreeForLifeService,
    private readonly audit: AuditService,
  ) {}

  async list(query: SimpleRestQueryDto) {
    const list = parseSimpleRest(query, APPLICATION_SORT, { field: 'id', order: 'DESC' });
    const qb = this.repo.applications.createQueryBuilder('a').leftJoinAndSelect('a.user', 'u');
    const { status } = list.filter;
    if (typeof status === 'string' && status) qb.andWhere('a.status = :status', { status });
    return page('free-for-life-applications', qb, 'a', list, applicationRow);
  }

  async one(id: number) {
    const a = await this.repo.applications.findOne({ where: { id }, relations: { user: true } });
    if (!a) throw new BillingException(BillingErrorCode.ApplicationNotFound, { values: [id] });
    return applicationRow(a);
  }

  async decide(viewer: Viewer, id: number, approve: boolean) {
    const before = await this.one(id);
    await this.freeForLife.decide(id, approve);
    const after = await this.one(id);
    await this.audit.record(viewer, { action: approve ? 'approve' : 'refuse', resource: 'free-for-life-applications', recordId: id, before, after });
    return after;
  }
}

/** The billing figures of the admin app's dashboard. */
@Injectable()
export class BillingAdminService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly clock: BillingClock,
  ) {}

  /** The last 12 months, oldest first, zero-filled: trials started, paying subscribers and MRR at each month's end. */
  async stats() {
    const rows = await this.repo.subscriptions.find();
    const now = this.clock.now();
    const months = [];
    for (let back = 11; back >= 0; back--) {
      const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
      // The current month counts up to now.
      const at = end < now ? end : now;
      const paying = rows.filter((s) => s.firstPaidAt && s.firstPaidAt < at && (!s.endedAt || s.endedAt >= at));
      months.push({
        month: start.toISOString().slice(0, 7),
        trials_started: rows.filter((s) => s.trialEnd && s.startedAt >= start && s.startedAt < end).length,
        paying_subscribers: paying.length,
        mrr_cents: paying.reduce((sum, s) => sum + (s.plan === 'yearly' ? Math.round(s.amountCents / 12) : s.amountCents), 0),
      });
    }
    return { months };
  }
}
