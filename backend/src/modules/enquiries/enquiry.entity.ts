import { Column, Entity, Index } from 'typeorm';
import { PostItemEntity } from '../posts/post-ref';

/** A visitor's enquiry to a lister. Stored before any mail is sent, so none is lost. */
@Entity('enquiries')
@Index('IDX_enquiries_post_created', ['postId', 'createdAt'])
export class EnquiryEntity extends PostItemEntity {
  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 190 })
  email!: string;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  @Column({ name: 'event_date', type: 'date', nullable: true })
  eventDate!: string | null;

  @Column({ type: 'varchar', length: 200, default: '' })
  venue!: string;

  @Column({ type: 'text' })
  message!: string;

  /** The lister's email in mail_outbox, where its delivery and retries are recorded. */
  @Column({ name: 'lister_mail_id', type: 'int', nullable: true })
  listerMailId!: number | null;

  /** When the lister marked it read in the control panel; null while unread. */
  @Column({ name: 'read_at', type: 'datetime', nullable: true })
  readAt!: Date | null;

  /** When the lister marked it booked in the control panel (the review form then asks "Did you book?"); null if not. */
  @Column({ name: 'booked_at', type: 'datetime', nullable: true })
  bookedAt!: Date | null;
}
