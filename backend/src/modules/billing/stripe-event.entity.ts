import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAt } from '../../database/columns';

/** A webhook event already handled: stored in the same transaction as its effect, so a redelivery does nothing. */
@Entity('stripe_events')
export class StripeEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  type!: string;

  @CreatedAt()
  createdAt!: Date;
}
