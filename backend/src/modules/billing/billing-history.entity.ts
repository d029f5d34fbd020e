import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAt } from '../../database/columns';

/**
 * What billing remembers of a lister by their normalised email's hash (billing-history.ts), beyond the account: a
 * deleted and re-created account gets no second free trial and no second refund window. No address, no user id.
 */
@Entity('billing_history')
export class BillingHistoryEntity {
  @PrimaryColumn({ name: 'email_hash', type: 'varchar', length: 64 })
  emailHash!: string;

  /** When the first free trial of this address started. */
  @Column({ name: 'trial_started_at', type: 'datetime', nullable: true })
  trialStartedAt!: Date | null;

  /** This address's first payment ever: the one the refund guarantee covers. */
  @Column({ name: 'first_paid_at', type: 'datetime', nullable: true })
  firstPaidAt!: Date | null;

  /** The Stripe subscription that payment was for: the one subscription whose refund the lister may take. */
  @Column({ name: 'first_paid_subscription', type: 'varchar', length: 255, nullable: true })
  firstPaidSubscription!: string | null;

  @CreatedAt()
  createdAt!: Date;
}
