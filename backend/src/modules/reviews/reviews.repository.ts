import { REVIEW_RULES } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, IsNull, LessThanOrEqual } from 'typeorm';
import { isDuplicateKey } from '../../database/duplicate-key';
import { PostEntity } from '../posts/post.entity';
import { UserEntity } from '../users/user.entity';
import { InvitationSkip, ReviewInvitationEntity, ReviewTokenEntity } from './review-invitation.entity';
import { ReviewEntity } from './review.entity';
import { recountReviews } from './review-counts';

const DAY_MS = 86_400_000;

/** What a review's mails and pages need of its post: its names, its lister, whether visitors may see it. */
export type ReviewedPost = Pick<PostEntity, 'id' | 'title' | 'slug' | 'slugExtract' | 'status' | 'ownerId'> & { categorySlug: string };

/** The queries of reviews and their invitations; every change that must happen once is a conditional update. */
@Injectable()
export class ReviewsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  private get invitations() {
    return this.ds.getRepository(ReviewInvitationEntity);
  }

  private get reviews() {
    return this.ds.getRepository(ReviewEntity);
  }

  // ---- invitations ----

  async addInvitation(row: Pick<ReviewInvitationEntity, 'enquiryId' | 'postId' | 'email' | 'name' | 'dueAt'>): Promise<void> {
    await this.invitations.insert(row);
  }

  async setListerBooked(enquiryId: number, booked: boolean): Promise<void> {
    await this.invitations.update({ enquiryId }, { listerBooked: booked });
  }

  /** Invitations due and never sent nor closed, oldest first. */
  dueInvitations(now: Date, limit: number): Promise<ReviewInvitationEntity[]> {
    return this.invitations.find({ where: { sentAt: IsNull(), closedAt: IsNull(), dueAt: LessThanOrEqual(now) }, order: { dueAt: 'ASC', id: 'ASC' }, take: limit });
  }

  /** Sent invitations, still open and unexpired, with a reminder due (3 days after sending for the first, 7 for the second). */
  dueReminders(now: Date, limit: number): Promise<ReviewInvitationEntity[]> {
    const [first, second] = REVIEW_RULES.reminderDays;
    return this.invitations
      .createQueryBuilder('i')
      .where('i.closed_at IS NULL AND i.sent_at IS NOT NULL AND i.expires_at > :now', { now })
      .andWhere(
        new Brackets((qb) =>
          qb
            .where('i.reminders_sent = 0 AND i.sent_at <= :first', { first: new Date(now.getTime() - first * DAY_MS) })
            .orWhere('i.reminders_sent = 1 AND i.sent_at <= :second', { second: new Date(now.getTime() - second * DAY_MS) }),
        ),
      )
      .orderBy('i.sent_at', 'ASC')
      .addOrderBy('i.id', 'ASC')
      .take(limit)
      .getMany();
  }

  /** Closes an open invitation without mail (skipped, with why); false when it was closed meanwhile. */
  async skip(id: number, why: InvitationSkip, now: Date): Promise<boolean> {
    const { affected } = await this.invitations.createQueryBuilder().update().set({ closedAt: now, skipped: why }).where('id = :id AND closed_at IS NULL', { id }).execute();
    return affected === 1;
  }

  /** Marks the invitation sent (once: false when another run sent it) and sets when its links expire. */
  async markSent(m: EntityManager, id: number, now: Date): Promise<boolean> {
    const expiresAt = new Date(now.getTime() + REVIEW_RULES.invitationValidDays * DAY_MS);
    const { affected } = await m
      .createQueryBuilder()
      .update(ReviewInvitationEntity)
      .set({ sentAt: now, expiresAt })
      .where('id = :id AND sent_at IS NULL AND closed_at IS NULL', { id })
      .execute();
    return affected === 1;
  }

  /** Counts a reminder as sent (from `sent` to `to` reminders, once); false when another run did or the review came. */
  async markReminded(m: EntityManager, id: number, sent: number, to: number): Promise<boolean> {
    const { affected } = await m
      .createQueryBuilder()
      .update(ReviewInvitationEntity)
      .set({ remindersSent: to })
      .where('id = :id AND reminders_sent = :sent AND closed_at IS NULL', { id, sent })
      .execute();
    return affected === 1;
  }

  async addToken(m: EntityManager, invitationId: number, tokenHash: string): Promise<void> {
    await m.insert(ReviewTokenEntity, { invitationId, tokenHash });
  }

  /** The invitation a link's token belongs to. */
  async invitationByToken(tokenHash: string): Promise<ReviewInvitationEntity | null> {
    const token = await this.ds.getRepository(ReviewTokenEntity).findOne({ where: { tokenHash }, relations: { invitation: true } });
    return token?.invitation ?? null;
  }

  /**
   * Closes the invitation for its review: true for the one caller that closed it. Submissions of one invitation at
   * once wait here on its row, one at a time (rather than meeting at the reviews' unique key, where MariaDB's
   * key locks can deadlock three or more inserts).
   */
  async claim(m: EntityManager, id: number, now: Date): Promise<boolean> {
    const { affected } = await m.createQueryBuilder().update(ReviewInvitationEntity).set({ closedAt: now }).where('id = :id AND closed_at IS NULL', { id }).execute();
    return affected === 1;
  }

  // ---- posts ----

  async post(id: number, m: EntityManager = this.ds.manager): Promise<ReviewedPost | null> {
    const p = await m.findOne(PostEntity, { where: { id }, relations: { category: true } });
    return p ? { id: p.id, title: p.title, slug: p.slug, slugExtract: p.slugExtract, status: p.status, ownerId: p.ownerId, categorySlug: p.category?.slug ?? '' } : null;
  }

  owner(id: number, m: EntityManager = this.ds.manager): Promise<UserEntity | null> {
    return m.findOneBy(UserEntity, { id });
  }

  /** The post's review figures counted afresh, in the caller's transaction. */
  recount(m: EntityManager, postId: number): Promise<void> {
    return recountReviews(m, postId);
  }

  // ---- reviews ----

  /** Stores a review: false when the invitation has one already (the unique invitation_id, also between racing inserts). */
  async insertReview(m: EntityManager, row: Partial<ReviewEntity>): Promise<number | null> {
    const existing = await m.findOne(ReviewEntity, { select: { id: true }, where: { invitationId: row.invitationId } });
    if (existing) return null;
    try {
      const { identifiers } = await m.insert(ReviewEntity, row);
      return Number(identifiers[0].id);
    } catch (err) {
      if (isDuplicateKey(err)) return null;
      throw err;
    }
  }

  reviewOfInvitation(invitationId: number): Promise<ReviewEntity | null> {
    return this.reviews.findOneBy({ invitationId });
  }

  reviewByEditHash(editTokenHash: string): Promise<ReviewEntity | null> {
    return this.reviews.findOne({ where: { editTokenHash }, relations: { invitation: true, county: true } });
  }

  /** A review with its post, county and invitation, in the caller's transaction when given. */
  full(id: number, m: EntityManager = this.ds.manager): Promise<ReviewEntity | null> {
    return m.findOne(ReviewEntity, { where: { id }, relations: { post: true, county: true, invitation: true } });
  }

  /** Changes a review when it still matches `where` (its state as read), so two changes at once make one. */
  async update(m: EntityManager, id: number, where: string, params: Record<string, unknown>, changes: Partial<ReviewEntity>): Promise<boolean> {
    const { affected } = await m
      .createQueryBuilder()
      .update(ReviewEntity)
      .set(changes)
      .where(`id = :id AND (${where})`, { ...params, id })
      .execute();
    return affected === 1;
  }

  /** A page of a post's published reviews, newest first (the index on post, status and created_at). */
  async publishedPage(postId: number, offset: number, limit: number): Promise<ReviewEntity[]> {
    return this.reviews
      .createQueryBuilder('r')
      .leftJoinAndSelect('r.county', 'c')
      .where("r.post_id = :postId AND r.status = 'published'", { postId })
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .skip(offset)
      .take(limit)
      .getMany();
  }

  /** A page of the reviews of an owner's posts (every status; none of a listing an admin hid), newest first, with their total. */
  async listerPage(ownerId: number, hiddenSlugExtract: string, offset: number, limit: number): Promise<{ rows: ReviewEntity[]; total: number }> {
    const [rows, total] = await this.reviews
      .createQueryBuilder('r')
      .innerJoinAndSelect('r.post', 'p')
      .leftJoinAndSelect('r.county', 'c')
      .leftJoinAndSelect('r.invitation', 'i')
      .where('p.owner_id = :ownerId AND p.slug_extract <> :hidden', { ownerId, hidden: hiddenSlugExtract })
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .skip(offset)
      .take(limit)
      .getManyAndCount();
    return { rows, total };
  }

  /** Held reviews whose release date has come. */
  async dueForRelease(now: Date, limit: number): Promise<ReviewEntity[]> {
    return this.reviews.find({ where: { status: 'held', heldUntil: LessThanOrEqual(now) }, order: { heldUntil: 'ASC', id: 'ASC' }, take: limit });
  }
}
