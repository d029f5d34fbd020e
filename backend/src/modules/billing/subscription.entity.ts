import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, PrimaryId, UpdatedAt } from '../../database/columns';
import { UserEntity } from '../users/user.entity';

import type { PlanInterval } from '@directory/domain';

/** One Stripe subscription of a lister, as Stripe last reported it (re-read on every webhook), plus our own marks. */
@Entity('subscriptions')
@Index('IDX_subscriptions_user', ['userId'])
@Index('IDX_subscriptions_customer', ['stripeCustomerId'])
@Index('IDX_subscriptions_status_trial_end', ['status', 'trialEnd'])
export class SubscriptionEntity {
  @PrimaryId()
  id!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ name: 'stripe_customer_id', type: 'varchar', length: 255 })
  stripeCustomerId!: string;

  @Column({ name: 'stripe_subscription_id', type: 'varchar', length: 255, unique: true })
  stripeSubscriptionId!: string;

  @Column({ type: 'varchar', length: 20 })
  plan!: PlanInterval;

  @Column({ name: 'amount_cents', type: 'int', default: 0 })
  amountCents!: number;

  /** Stripe's own word: trialing, active, past_due, canceled, incomplete, incomplete_expired, unpaid, paused. */
  @Column({ type: 'varchar', length: 30 })
  status!: string;

  @Column({ name: 'trial_end', type: 'datetime', nullable: true })
  trialEnd!: Date | null;

  @Column({ name: 'current_period_end', type: 'datetime', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd!: boolean;

  @Column({ name: 'started_at', type: 'datetime' })
  startedAt!: Date;

  /** The first payment above zero: the refund window counts from it. */
  @Column({ name: 'first_paid_at', type: 'datetime', nullable: true })
  firstPaidAt!: Date | null;

  /** Written in the same transaction as the reminder's outbox row, so the reminder goes exactly once. */
  @Column({ name: 'reminder_sent_at', type: 'datetime', nullable: true })
  reminderSentAt!: Date | null;

  /** A refund asked for on a payment the refund guarantee does not cover (not the lister's first): an admin decides. */
  @Column({ name: 'refund_requested_at', type: 'datetime', nullable: true })
  refundRequestedAt!: Date | null;

  /**
   * Unpaid (past_due, unpaid, paused, incomplete), the listings stay published until then: set when the subscription
   * stops being paid, cleared when it is paid again. The grace job warns once, then unpublishes once.
   */
  @Column({ name: 'grace_ends_at', type: 'datetime', nullable: true })
  graceEndsAt!: Date | null;

  @Column({ name: 'grace_notice_sent_at', type: 'datetime', nullable: true })
  graceNoticeSentAt!: Date | null;

  @Column({ name: 'grace_unpublished_at', type: 'datetime', nullable: true })
  graceUnpublishedAt!: Date | null;

  /** Set once, by whoever first saw the subscription end: that caller unpublishes the listings and sends the email. */
  @Column({ name: 'ended_at', type: 'datetime', nullable: true })
  endedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;
}
