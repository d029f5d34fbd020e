import { Column, Entity, Index } from 'typeorm';
import { CreatedAt, PrimaryId } from '../../database/columns';

/**
 * Every email is stored here first, then delivered; undelivered ones are retried (store first, then deliver). Once
 * delivered, the body is cleared and the row is kept 30 days as a record of what was sent to whom.
 */
@Entity('mail_outbox')
@Index('IDX_mail_outbox_due', ['sentAt', 'nextAttemptAt'])
export class MailOutboxEntity {
  @PrimaryId()
  id!: number;

  @Column({ type: 'varchar', length: 190 })
  recipient!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ name: 'text_body', type: 'text' })
  textBody!: string;

  @Column({ name: 'html_body', type: 'text', nullable: true })
  htmlBody!: string | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'datetime' })
  nextAttemptAt!: Date;

  @Column({ name: 'sent_at', type: 'datetime', nullable: true })
  sentAt!: Date | null;

  /** Set by the sender that claimed the row; nobody else delivers it until then (a crashed sender's claim runs out). */
  @Column({ name: 'leased_until', type: 'datetime', nullable: true })
  leasedUntil!: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @CreatedAt()
  createdAt!: Date;
}
