import { ENDED_STATUSES, PUBLISHING_STATUSES, UNPAID_STATUSES } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, Not, Repository } from 'typeorm';
import { isDuplicateKey } from '../../database/duplicate-key';
import { DataVersion } from '../data-version/data-version';
import { PostEntity } from '../posts/post.entity';
import { UserEntity } from '../users/user.entity';
import { emailKey } from './billing-history';
import { BillingHistoryEntity } from './billing-history.entity';
import { FreeForLifeApplicationEntity } from './free-for-life-application.entity';
import { StripeEventEntity } from './stripe-event.entity';
import { SubscriptionEntity } from './subscription.entity';

/** A lister's first payment ever: when, and for which Stripe subscription. */
export interface FirstPayment {
  at: Date;
  subscriptionId: string;
}

/**
 * Billing's tables, and the one query billing makes on posts (unpublishing an owner's listings when their subscription
 * ends, in the same transaction). Billing never imports the posts module: the posts module asks billing.
 */
@Injectable()
export class BillingRepository {
  /** better-sqlite3 gives TypeORM one connection: transactions of one process must not interleave on it. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    @InjectRepository(SubscriptionEntity) readonly subscriptions: Repository<SubscriptionEntity>,
    @InjectRepository(FreeForLifeApplicationEntity) readonly applications: Repository<FreeForLifeApplicationEntity>,
    private readonly version: DataVersion,
  ) {}

  /**
   * Runs work in one transaction (serialized within this process on SQLite). READ COMMITTED on MySQL: a webhook that
   * lost the race to insert a subscription row must then read the row the winner committed, which REPEATABLE READ's
   * snapshot would hide.
   */
  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    if (this.ds.options.type !== 'better-sqlite3') return this.ds.transaction('READ COMMITTED', work);
    const run = this.queue.then(() => this.ds.transaction(work));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Records a handled webhook event in the caller's transaction; false when it was handled already. */
  async recordEvent(m: EntityManager, id: string, type: string): Promise<boolean> {
    try {
      await m.getRepository(StripeEventEntity).insert({ id, type });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  eventSeen(id: string): Promise<boolean> {
    return this.ds.getRepository(StripeEventEntity).existsBy({ id });
  }

  /** The user's newest subscription, ended or not. */
  latestFor(userId: number, m?: EntityManager): Promise<SubscriptionEntity | null> {
    return (m?.getRepository(SubscriptionEntity) ?? this.subscriptions).findOne({ where: { userId }, order: { id: 'DESC' } });
  }

  /** Subscriptions of the user that have not ended. */
  liveFor(userId: number, m?: EntityManager): Promise<SubscriptionEntity[]> {
    return (m?.getRepository(SubscriptionEntity) ?? this.subscriptions).find({ where: { userId, endedAt: IsNull(), status: Not(In([...ENDED_STATUSES])) }, order: { id: 'DESC' } });
  }

  /**
   * The lister's first payment ever and the subscription it was for: as billing_history remembers it for their email
   * address (it may have been an earlier account's), else the earliest first payment of their own subscriptions.
   */
  async firstPaymentEver(userId: number, m?: EntityManager): Promise<FirstPayment | null> {
    const user = await this.user(userId, m);
    const remembered = user ? await this.history(user.email, m) : null;
    if (remembered?.firstPaidAt && remembered.firstPaidSubscription) return { at: remembered.firstPaidAt, subscriptionId: remembered.firstPaidSubscription };
    const first = await (m?.getRepository(SubscriptionEntity) ?? this.subscriptions).findOne({ where: { userId, firstPaidAt: Not(IsNull()) }, order: { firstPaidAt: 'ASC', id: 'ASC' } });
    return first ? { at: first.firstPaidAt!, subscriptionId: first.stripeSubscriptionId } : null;
  }

  /** What billing remembers of this email address (by its normalised hash), beyond any account. */
  history(email: string, m?: EntityManager): Promise<BillingHistoryEntity | null> {
    return (m ?? this.ds.manager).getRepository(BillingHistoryEntity).findOneBy({ emailHash: emailKey(email) });
  }

  /** Remembers that this address started a free trial (the first time only), in the caller's transaction. */
  async rememberTrial(m: EntityManager, email: string, at: Date): Promise<void> {
    const emailHash = emailKey(email);
    if (await this.insertHistory(m, { emailHash, trialStartedAt: at })) return;
    await m.getRepository(BillingHistoryEntity).createQueryBuilder().update().set({ trialStartedAt: at }).where('email_hash = :emailHash AND (trial_started_at IS NULL OR trial_started_at > :at)', { emailHash, at }).execute();
  }

  /** Remembers this address's first payment and its subscription (the earliest wins), in the caller's transaction. */
  async rememberFirstPayment(m: EntityManager, email: string, at: Date, subscriptionId: string): Promise<void> {
    const emailHash = emailKey(email);
    if (await this.insertHistory(m, { emailHash, firstPaidAt: at, firstPaidSubscription: subscriptionId })) return;
    await m
      .getRepository(BillingHistoryEntity)
      .createQueryBuilder()
      .update()
      .set({ firstPaidAt: at, firstPaidSubscription: subscriptionId })
      .where('email_hash = :emailHash AND (first_paid_at IS NULL OR first_paid_at > :at)', { emailHash, at })
      .execute();
  }

  /** Inserts the address's row unless it is there (an earlier account, a racing webhook): true when this call made it. */
  private async insertHistory(m: EntityManager, row: Partial<BillingHistoryEntity>): Promise<boolean> {
    try {
      await m.getRepository(BillingHistoryEntity).insert(row);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Marks a refund request for an admin once: true for the one caller that marked it (it tells the admin). */
  async markRefundRequested(m: EntityManager, id: number, at: Date): Promise<boolean> {
    const { affected } = await m.createQueryBuilder().update(SubscriptionEntity).set({ refundRequestedAt: at }).where('id = :id AND refund_requested_at IS NULL', { id }).execute();
    return affected === 1;
  }

  countFor(userId: number): Promise<number> {
    return this.subscriptions.countBy({ userId });
  }

  byStripeId(id: string, m?: EntityManager): Promise<SubscriptionEntity | null> {
    return (m?.getRepository(SubscriptionEntity) ?? this.subscriptions).findOneBy({ stripeSubscriptionId: id });
  }

  latestForCustomer(customerId: string, m?: EntityManager): Promise<SubscriptionEntity | null> {
    return (m?.getRepository(SubscriptionEntity) ?? this.subscriptions).findOne({ where: { stripeCustomerId: customerId }, order: { id: 'DESC' } });
  }

  /** Inserts the row unless one holds this Stripe id (also between racing webhooks): true when this call created it. */
  async insertSubscription(m: EntityManager, row: Partial<SubscriptionEntity>): Promise<boolean> {
    try {
      await m.getRepository(SubscriptionEntity).insert(row);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /** Sets ended_at once: true for the one caller that ended it (it unpublishes and emails). */
  async markEnded(m: EntityManager, id: number, at: Date): Promise<boolean> {
    const { affected } = await m.createQueryBuilder().update(SubscriptionEntity).set({ endedAt: at }).where('id = :id AND ended_at IS NULL', { id }).execute();
    return affected === 1;
  }

  /** Sets first_paid_at unless set already. */
  async markFirstPaid(m: EntityManager, id: number, at: Date): Promise<void> {
    await m.createQueryBuilder().update(SubscriptionEntity).set({ firstPaidAt: at }).where('id = :id AND first_paid_at IS NULL', { id }).execute();
  }

  /** Takes the reminder mark: true for the one caller that may queue the reminder. */
  async markReminded(m: EntityManager, id: number, at: Date): Promise<boolean> {
    const { affected } = await m.createQueryBuilder().update(SubscriptionEntity).set({ reminderSentAt: at }).where('id = :id AND reminder_sent_at IS NULL', { id }).execute();
    return affected === 1;
  }

  /** A subscription that stops being paid: its grace period starts (unless running already); true when it started. */
  async startGrace(m: EntityManager, id: number, endsAt: Date): Promise<boolean> {
    const { affected } = await m.createQueryBuilder().update(SubscriptionEntity).set({ graceEndsAt: endsAt }).where('id = :id AND grace_ends_at IS NULL', { id }).execute();
    return affected === 1;
  }

  /** Paid again: the grace period is over, a later failure starts a new one. */
  async endGrace(m: EntityManager, id: number): Promise<void> {
    await m.createQueryBuilder().update(SubscriptionEntity).set({ graceEndsAt: null, graceNoticeSentAt: null, graceUnpublishedAt: null }).where('id = :id AND grace_ends_at IS NOT NULL', { id }).execute();
  }

  /** Unpaid subscriptions in their grace period whose lister has not been warned yet. */
  dueGraceNotices(): Promise<SubscriptionEntity[]> {
    return this.unpaid().andWhere('s.grace_ends_at IS NOT NULL AND s.grace_notice_sent_at IS NULL').orderBy('s.id', 'ASC').getMany();
  }

  /** Unpaid subscriptions, warned, whose grace period is over and whose listings have not been unpublished yet. */
  dueGraceEnds(now: Date): Promise<SubscriptionEntity[]> {
    return this.unpaid().andWhere('s.grace_notice_sent_at IS NOT NULL AND s.grace_unpublished_at IS NULL AND s.grace_ends_at <= :now', { now }).orderBy('s.id', 'ASC').getMany();
  }

  /**
   * Takes the warning's mark (and the grace end it announces), while still unpaid: true for the one caller that may
   * send it. Written in the same transaction as the outbox row, so the warning goes exactly once.
   */
  async markGraceNotice(m: EntityManager, id: number, now: Date, endsAt: Date): Promise<boolean> {
    const { affected } = await m
      .createQueryBuilder()
      .update(SubscriptionEntity)
      .set({ graceNoticeSentAt: now, graceEndsAt: endsAt })
      .where('id = :id AND grace_notice_sent_at IS NULL AND grace_ends_at IS NOT NULL AND ended_at IS NULL AND status IN (:...unpaid)', { id, unpaid: [...UNPAID_STATUSES] })
      .execute();
    return affected === 1;
  }

  /** Takes the unpublishing's mark, while still unpaid and past the grace end: true for the one caller that may act. */
  async markGraceUnpublished(m: EntityManager, id: number, now: Date): Promise<boolean> {
    const { affected } = await m
      .createQueryBuilder()
      .update(SubscriptionEntity)
      .set({ graceUnpublishedAt: now })
      .where('id = :id AND grace_unpublished_at IS NULL AND grace_notice_sent_at IS NOT NULL AND grace_ends_at <= :now AND ended_at IS NULL AND status IN (:...unpaid)', { id, now, unpaid: [...UNPAID_STATUSES] })
      .execute();
    return affected === 1;
  }

  private unpaid() {
    return this.subscriptions.createQueryBuilder('s').where('s.status IN (:...unpaid)', { unpaid: [...UNPAID_STATUSES] }).andWhere('s.ended_at IS NULL');
  }

  /** Trialing, not cancelled, not reminded, trial ending within (now, until]. */
  dueForReminder(now: Date, until: Date): Promise<SubscriptionEntity[]> {
    return this.subscriptions
      .createQueryBuilder('s')
      .where("s.status = 'trialing'")
      .andWhere('s.cancel_at_period_end = :no', { no: false })
      .andWhere('s.reminder_sent_at IS NULL')
      .andWhere('s.ended_at IS NULL')
      .andWhere('s.trial_end > :now AND s.trial_end <= :until', { now, until })
      .orderBy('s.id', 'ASC')
      .getMany();
  }

  /** Published listings of the owner become drafts (kept, out of the directory): the data version moves with them. */
  async unpublishListings(m: EntityManager, userId: number): Promise<number> {
    const { affected } = await m.createQueryBuilder().update(PostEntity).set({ status: 'draft' }).where("owner_id = :userId AND status = 'publish'", { userId }).execute();
    // (a driver that cannot tell how many rows changed answers undefined: moved then too)
    if (affected !== 0) await this.version.bump(m);
    return affected ?? 0;
  }

  /**
   * The user may go on publishing whatever happens to subscription `exceptId`: free for life, or another subscription
   * that lets them publish (false for a user that is gone).
   */
  async keepsPublishing(m: EntityManager, userId: number, exceptId: number): Promise<boolean> {
    const user = await this.user(userId, m);
    if (!user) return true;
    if (user.freeForLife) return true;
    return (await this.liveFor(userId, m)).some((o) => o.id !== exceptId && (PUBLISHING_STATUSES as readonly string[]).includes(o.status));
  }

  user(id: number, m?: EntityManager): Promise<UserEntity | null> {
    return (m?.getRepository(UserEntity) ?? this.ds.getRepository(UserEntity)).findOneBy({ id });
  }

  async setFreeForLife(m: EntityManager, userId: number): Promise<void> {
    await m.getRepository(UserEntity).update(userId, { freeForLife: true });
  }
}
