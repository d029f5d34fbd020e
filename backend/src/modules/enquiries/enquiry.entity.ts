import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { PostEntity } from '../posts/post.entity';

export type EnquiryDelivery = 'pending' | 'sent' | 'failed';

/** A visitor's enquiry to a lister. Stored before any mail is sent, so none is lost. */
@Entity('enquiries')
@Index('IDX_enquiries_post_created', ['postId', 'createdAt'])
@Index('IDX_enquiries_delivery', ['delivery', 'nextAttemptAt'])
export class EnquiryEntity {
  @PrimaryGeneratedColumn({ type: 'int' })
  id!: number;

  @Column({ name: 'post_id', type: 'int' })
  postId!: number;

  @ManyToOne(() => PostEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: PostEntity;

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

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  delivery!: EnquiryDelivery;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'datetime', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true })
  lastError!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
