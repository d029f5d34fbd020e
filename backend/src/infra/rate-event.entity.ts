import { Column, Entity } from 'typeorm';
import { CreatedAt, PrimaryId } from '../database/columns';

/** One counted event (a failed login, a code check, a reset request, an enquiry) by account or by address. */
@Entity('rate_events')
export class RateEventEntity {
  @PrimaryId()
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  scope!: string;

  @Column({ type: 'varchar', length: 190 })
  subject!: string;

  @CreatedAt()
  createdAt!: Date;
}
