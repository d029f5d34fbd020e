import type { ReviewLabel, ReviewReportReason, ReviewStatus } from '@directory/domain';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { UpdatedAt } from '../../database/columns';
import { PostItemEntity } from '../posts/post-ref';
import { CountyEntity } from '../taxonomy/county.entity';
import { ReviewInvitationEntity } from './review-invitation.entity';

/** A review of a lister by someone who enquired: one per invitation (a unique key, so two submissions at once make one). */
@Entity('reviews')
@Index('IDX_reviews_post_status_created', ['postId', 'status', 'createdAt'])
@Index('IDX_reviews_status_held', ['status', 'heldUntil'])
export class ReviewEntity extends PostItemEntity {
  @Column({ name: 'invitation_id', type: 'int', unique: true })
  invitationId!: number;

  @ManyToOne(() => ReviewInvitationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invitation_id' })
  invitation?: ReviewInvitationEntity;

  @Column({ type: 'varchar', length: 20 })
  status!: ReviewStatus;

  @Column({ type: 'varchar', length: 20 })
  label!: ReviewLabel;

  @Column({ type: 'int' })
  rating!: number;

  /** The sub-ratings given, as JSON ({"performance":5}). */
  @Column({ type: 'varchar', length: 200, default: '{}' })
  ratings!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 60 })
  firstName!: string;

  @Column({ name: 'county_id', type: 'int' })
  countyId!: number;

  @ManyToOne(() => CountyEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'county_id' })
  county?: CountyEntity;

  @Column({ name: 'year_group', type: 'varchar', length: 60, nullable: true })
  yearGroup!: string | null;

  @Column({ name: 'class_size', type: 'int', nullable: true })
  classSize!: number | null;

  /** While held: when it is published. */
  @Column({ name: 'held_until', type: 'datetime', nullable: true })
  heldUntil!: Date | null;

  /** When the hold began (writing, or the change that lowered the rating): the release date counts from it. */
  @Column({ name: 'held_from', type: 'datetime', nullable: true })
  heldFrom!: Date | null;

  @Column({ name: 'more_time_asked', type: 'boolean', default: false })
  moreTimeAsked!: boolean;

  @Column({ name: 'published_at', type: 'datetime', nullable: true })
  publishedAt!: Date | null;

  /** SHA-256 of the token of the reviewer's one change; null once used. */
  @Column({ name: 'edit_token_hash', type: 'varchar', length: 64, unique: true, nullable: true })
  editTokenHash!: string | null;

  @Column({ name: 'editable_until', type: 'datetime' })
  editableUntil!: Date;

  @Column({ name: 'edited_at', type: 'datetime', nullable: true })
  editedAt!: Date | null;

  @Column({ type: 'text', nullable: true })
  reply!: string | null;

  @Column({ name: 'reply_updated_at', type: 'datetime', nullable: true })
  replyUpdatedAt!: Date | null;

  @Column({ name: 'reported_at', type: 'datetime', nullable: true })
  reportedAt!: Date | null;

  @Column({ name: 'report_reason', type: 'varchar', length: 20, nullable: true })
  reportReason!: ReviewReportReason | null;

  @Column({ name: 'report_note', type: 'text', nullable: true })
  reportNote!: string | null;

  @Column({ name: 'removed_at', type: 'datetime', nullable: true })
  removedAt!: Date | null;

  @Column({ name: 'removal_reason', type: 'varchar', length: 20, nullable: true })
  removalReason!: ReviewReportReason | null;

  @UpdatedAt()
  updatedAt!: Date;
}
