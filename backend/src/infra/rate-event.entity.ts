import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One counted event (a failed login, a code check, a reset request, an enquiry) by account or by address. */
@Entity('rate_events')
export class RateEventEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ type: 'varchar', length: 20 })
  scope!: string;

  @Column({ type: 'varchar', length: 190 })
  subject!: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
