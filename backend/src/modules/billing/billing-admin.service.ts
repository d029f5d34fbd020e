import { BillingErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { FindOptionsRelations, FindOptionsWhere, ObjectLiteral, Repository, SelectQueryBuilder } from 'typeorm';
import type { Viewer } from '../../common/viewer';
import { AuditService } from '../admin/audit/audit.service';
import { parseSimpleRest, SimpleRestPage, type SimpleRestQueryDto } from '../../common/simple-rest';
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

/** The record and whose it is: every billing row starts so. */
const owned = (r: { id: number; userId: number; user?: { email: string } | null }) => ({ id: r.id, user_id: r.userId, email: r.user?.email ?? null });

export function subscriptionRow(s: SubscriptionEntity) {
  return {
    ...owned(s),
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
    ...owned(a),
    organisation: a.organisation,
    students_not_charged: a.studentsNotCharged,
    status: a.status,
    created_at: a.createdAt.toISOString(),
    decided_at: iso(a.decidedAt),
  };
}

/** How one billing resource is listed and read: its records come with their user (joined as `u`, whose email is a column). */
interface BillingListing<E extends ObjectLiteral, R> {
  resource: string;
  alias: string;
  sortable: readonly string[];
  row: (record: E) => R;
  missing: (id: number) => Error;
  /** The resource's own filters (`filter.id`, which keeps those ids, is every resource's). */
  narrow: (qb: SelectQueryBuilder<E>, filter: Record<string, unknown>) => void;
}

/** A billing resource of the admin app: its list, one record (or its 404), and admins' actions with their audit rows. */
class BillingRows<E extends ObjectLiteral & { id: number }, R extends object> implements AdminRows<R> {
  constructor(
    private readonly records: Repository<E>,
    private readonly how: BillingListing<E, R>,
    private readonly audit: AuditService,
  ) {}

  async list(query: SimpleRestQueryDto) {
    const { alias } = this.how;
    const list = parseSimpleRest(query, this.how.sortable, { field: 'id', order: 'DESC' });
    const qb = this.records.createQueryBuilder(alias).leftJoinAndSelect(`${alias}.user`, 'u');
    this.how.narrow(qb, list.filter);
    const only = ids(list.filter);
    if (only) qb.andWhere(`${alias}.id IN (:...only)`, { only });
    const [items, total] = await qb.orderBy(column(alias, list.sort.field), list.sort.order).skip(list.offset).take(list.limit).getManyAndCount();
    return new SimpleRestPage(this.how.resource, items.map(this.how.row), list.offset, total);
  }

  async one(id: number) {
    const record = await this.records.findOne({ where: { id } as FindOptionsWhere<E>, relations: { user: true } as unknown as FindOptionsRelations<E> });
    if (!record) throw this.how.missing(id);
    return this.how.row(record);
  }

  /** Stripe and mail are called outside any transaction, so the audit row follows the action (as a user deletion's does). */
  protected async audited(viewer: Viewer, action: string, id: number, act: () => Promise<unknown>) {
    const before = await this.one(id);
    await act();
    const after = await this.one(id);
    await this.audit.record(viewer, { action, resource: this.how.resource, recordId: id, before, after });
    return after;
  }
}

/** The admin app's subscriptions (docs/billing.md, docs/admin.md), and the refund an admin gives. */
@Injectable()
export class AdminSubscriptions extends BillingRows<SubscriptionEntity, SubscriptionRow> {
  constructor(repo: BillingRepository, private readonly billing: BillingService, audit: AuditService) {
    super(repo.subscriptions, {
      resource: 'subscriptions',
      alias: 's',
      sortable: SUBSCRIPTION_SORT,
      row: subscriptionRow,
      missing: (id) => new BillingException(BillingErrorCode.SubscriptionNotFound, { values: [id] }),
      narrow: (qb, { status, q, refund_requested }) => {
        if (typeof status === 'string' && status) qb.andWhere('s.status = :status', { status });
        // Refunds passed to an admin and not yet acted on: the subscription is still running.
        if (refund_requested === true) qb.andWhere('s.refund_requested_at IS NOT NULL AND s.ended_at IS NULL');
        if (typeof q === 'string' && q.trim()) qb.andWhere('LOWER(u.email) LIKE :q', { q: `%${q.trim().toLowerCase()}%` });
      },
    }, audit);
  }

  refund(viewer: Viewer, id: number) {
    return this.audited(viewer, 'refund', id, () => this.billing.refundByAdmin(id));
  }
}

/** The admin app's free-for-life applications queue, and an admin's decision on one. */
@Injectable()
export class AdminFreeForLifeApplications extends BillingRows<FreeForLifeApplicationEntity, ApplicationRow> {
  constructor(repo: BillingRepository, private readonly freeForLife: FreeForLifeService, audit: AuditService) {
    super(repo.applications, {
      resource: 'free-for-life-applications',
      alias: 'a',
      sortable: APPLICATION_SORT,
      row: applicationRow,
      missing: (id) => new BillingException(BillingErrorCode.ApplicationNotFound, { values: [id] }),
      narrow: (qb, { status }) => {
        if (typeof status === 'string' && status) qb.andWhere('a.status = :status', { status });
      },
    }, audit);
  }

  decide(viewer: Viewer, id: number, approve: boolean) {
    return this.audited(viewer, approve ? 'approve' : 'refuse', id, () => this.freeForLife.decide(id, approve));
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
