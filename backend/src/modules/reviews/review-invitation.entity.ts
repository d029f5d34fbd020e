import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CreatedAt, PrimaryId } from '../../database/columns';
import { BelongsToPost, PostId } from '../posts/post-ref';
import type { PostEntity } from '../posts/post.entity';

/** Why an invitation was never sent: decided when it fell due, as the listing and its lister were then. */
export type InvitationSkip = 'hidden' | 'unpublished' | 'no_owner' | 'own_address' | 'post_gone';

/**
 * The invitation to review one enquiry, made when the enquiry is stored, so deleting the enquiry from the inbox does
 * not stop it (it keeps the address and name it needs). The scheduled job emails it once due, then the reminders.
 */
@Entity('review_invitations')
@Index('IDX_review_invitations_due', ['closedAt', 'dueAt'])
export class ReviewInvitationEntity {
  @PrimaryId()
  id!: number;

  /** One invitation per enquiry (no foreign key: the lister may delete the enquiry, the invitation stays). */
  @Column({ name: 'enquiry_id', type: 'int', unique: true })
  enquiryId!: number;

  @PostId()
  postId!: number;

  @BelongsToPost()
  post?: PostEntity;

  @Column({ type: 'varchar', length: 190 })
  email!: string;

  /** The enquirer's name as typed, to suggest a first name on the form. */
  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** When the invitation is emailed: the day after the event date, or 21 days after the enquiry. */
  @Column({ name: 'due_at', type: 'datetime' })
  dueAt!: Date;

  @Column({ name: 'sent_at', type: 'datetime', nullable: true })
  sentAt!: Date | null;

  /** Reminders sent so far (REVIEW_RULES.reminderDays). */
  @Column({ name: 'reminders_sent', type: 'int', default: 0 })
  remindersSent!: number;

  /** The links stop working at this moment (12 months after the invitation was sent). */
  @Column({ name: 'expires_at', type: 'datetime', nullable: true })
  expiresAt!: Date | null;

  /** The lister marked the enquiry booked (copied here with the mark, so it outlives the enquiry). */
  @Column({ name: 'lister_booked', type: 'boolean', default: false })
  listerBooked!: boolean;

  /** No more mail: the review was written, or the invitation was skipped. */
  @Column({ name: 'closed_at', type: 'datetime', nullable: true })
  closedAt!: Date | null;

  @Column({ name: 'skipped', type: 'varchar', length: 20, nullable: true })
  skipped!: InvitationSkip | null;

  @CreatedAt()
  createdAt!: Date;
}

/** A link of an invitation (the first mail's and each reminder's): only the SHA-256 of its 256-bit token is stored. */
@Entity('review_tokens')
export class ReviewTokenEntity {
  @PrimaryId()
  id!: number;

  @Column({ name: 'invitation_id', type: 'int' })
  invitationId!: number;

  @ManyToOne(() => ReviewInvitationEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invitation_id' })
  invitation?: ReviewInvitationEntity;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash!: string;

  @CreatedAt()
  createdAt!: Date;
}
