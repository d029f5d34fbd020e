import {
  isHeldRating,
  PostsErrorCode,
  profilePath,
  REVIEW_RULES,
  REVIEW_SUB_RATINGS,
  reviewAsksClassDetails,
  reviewEditableUntil,
  reviewReleaseAt,
  RequestErrorCode,
  ReviewsErrorCode,
  type ReviewDto,
  type ReviewFormDto,
  type ReviewInput,
  type ReviewReceiptDto,
  type ReviewSubRatingKey,
} from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { RequestException } from '../../common/domain.exception';
import { Page } from '../../common/page';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { MailService } from '../../infra/mail/mail.service';
import { newToken, sha256 } from '../../infra/secrets';
import { PostsException } from '../posts/posts.exception';
import { PostsService } from '../posts/posts.service';
import { TaxonomyService } from '../taxonomy/taxonomy.service';
import type { ReviewInputDto } from './dto/review.dto';
import type { ReviewInvitationEntity } from './review-invitation.entity';
import type { ReviewEntity } from './review.entity';
import { ReviewClock } from './review.clock';
import { ReviewFigures } from './review-figures';
import { mapReview } from './reviews.mapper';
import { reviewMail } from './reviews.messages';
import { ReviewedPost, ReviewsRepository } from './reviews.repository';
import { ReviewsException } from './reviews.exception';

const invalid = (field: string, message: string) => new RequestException(RequestErrorCode.ValidationFailed, { field, errors: [{ field, message }], values: [[{ message }]] });

/** The reviewer's side: the form behind an invitation's link, the review, its one change, and the profile's reviews. */
@Injectable()
export class ReviewsService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly figures: ReviewFigures,
    private readonly posts: PostsService,
    private readonly taxonomy: TaxonomyService,
    private readonly mail: MailService,
    private readonly clock: ReviewClock,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** A page of a visible post's published reviews, 10 at a time, newest first (the post's count is the total). */
  async published(postId: number, page = 0): Promise<Page<ReviewDto>> {
    const post = await this.posts.findOne(postId, null);
    const rows = await this.repo.publishedPage(post.id, page * REVIEW_RULES.pageSize, REVIEW_RULES.pageSize);
    return new Page(rows.map(mapReview), post.reviews.count);
  }

  async invitationForm(token: string): Promise<ReviewFormDto> {
    const invitation = await this.openInvitation(token);
    return this.form(invitation, await this.visiblePost(invitation.postId), invitation.expiresAt!, null);
  }

  /**
   * Writes the review of an invitation: once (the invitation's unique key makes two submissions at once one review,
   * the other answered 410 invitation_used). A low rating is held and its lister mailed at once; any other is
   * published, moving the post's figures and the data version.
   */
  async submit(dto: ReviewInputDto): Promise<ReviewReceiptDto> {
    const invitation = await this.openInvitation(dto.token);
    const post = await this.visiblePost(invitation.postId);
    const fields = await this.fields(dto, invitation);
    const now = this.clock.now();
    const held = isHeldRating(dto.rating);
    const heldUntil = held ? reviewReleaseAt(now, false) : null;
    const editToken = newToken();
    const editableUntil = reviewEditableUntil(now);
    const mailIds = await this.repo.transaction(async (m) => {
      if (!(await this.repo.claim(m, invitation.id, now))) throw new ReviewsException(ReviewsErrorCode.InvitationUsed, { field: 'token' });
      const id = await this.repo.insertReview(m, {
        ...fields,
        postId: post.id,
        invitationId: invitation.id,
        status: held ? 'held' : 'published',
        heldFrom: held ? now : null,
        heldUntil,
        publishedAt: held ? null : now,
        editTokenHash: sha256(editToken),
        editableUntil,
        createdAt: now,
        updatedAt: now,
      });
      if (id === null) throw new ReviewsException(ReviewsErrorCode.InvitationUsed, { field: 'token' });
      if (!held) await this.figures.changed(m, post.id);
      const ids = [await this.mail.queueIn(m, { to: invitation.email, ...reviewMail.receipt(this.config, post.title, editToken, editableUntil, heldUntil) })];
      if (held) ids.push(...(await this.heldNotice(m, post, heldUntil!)));
      return ids;
    });
    this.mail.deliverSoon(mailIds);
    return { status: held ? 'held' : 'published', held_until: heldUntil?.toISOString() ?? null, edit_token: editToken, editable_until: editableUntil.toISOString(), ...this.where(post) };
  }

  async editForm(token: string): Promise<ReviewFormDto> {
    const review = await this.editable(token);
    const post = await this.visiblePost(review.postId);
    return this.form(review.invitation!, post, review.editableUntil, {
      rating: review.rating,
      ratings: JSON.parse(review.ratings) as ReviewInput['ratings'],
      text: review.text,
      first_name: review.firstName,
      county: review.county?.slug ?? '',
      ...(review.invitation!.listerBooked ? { booked: review.label === 'booked' } : {}),
      ...(review.yearGroup !== null ? { year_group: review.yearGroup } : {}),
      ...(review.classSize !== null ? { class_size: review.classSize } : {}),
    });
  }

  /**
   * The reviewer's one change, within 30 days. A held review keeps its release date (published now if the new rating
   * is no longer low); a published one lowered to 2 or less is held again from now, its lister mailed.
   */
  async edit(dto: ReviewInputDto): Promise<ReviewReceiptDto> {
    const review = await this.editable(dto.token);
    const post = await this.visiblePost(review.postId);
    const fields = await this.fields(dto, review.invitation!);
    const now = this.clock.now();
    const low = isHeldRating(dto.rating);
    const state: Partial<ReviewEntity> =
      review.status === 'held'
        ? low
          ? {}
          : { status: 'published', publishedAt: now, heldUntil: null }
        : low
          ? { status: 'held', heldFrom: now, heldUntil: reviewReleaseAt(now, false), moreTimeAsked: false, publishedAt: null }
          : {};
    const status = state.status ?? review.status;
    const heldUntil = status === 'held' ? (state.heldUntil ?? review.heldUntil) : null;
    const mailIds = await this.repo.transaction(async (m) => {
      const changed = await this.repo.update(m, review.id, "edited_at IS NULL AND status = :status", { status: review.status }, { ...fields, ...state, editedAt: now });
      if (!changed) throw new ReviewsException(ReviewsErrorCode.EditUsed, { field: 'token' });
      if (review.status === 'published' || status === 'published') await this.figures.changed(m, post.id);
      return review.status === 'published' && status === 'held' ? this.heldNotice(m, post, heldUntil!) : [];
    });
    this.mail.deliverSoon(mailIds);
    return { status: status as ReviewReceiptDto['status'], held_until: heldUntil ? new Date(heldUntil).toISOString() : null, edit_token: null, editable_until: null, ...this.where(post) };
  }

  /** The invitation of a link that may still write its review: 404 unknown, 410 used or expired. */
  private async openInvitation(token: string): Promise<ReviewInvitationEntity> {
    const invitation = await this.repo.invitationByToken(sha256(token));
    if (!invitation) throw new ReviewsException(ReviewsErrorCode.LinkNotFound, { field: 'token' });
    if (await this.repo.reviewOfInvitation(invitation.id)) throw new ReviewsException(ReviewsErrorCode.InvitationUsed, { field: 'token' });
    if (!invitation.expiresAt || invitation.expiresAt.getTime() <= this.clock.now().getTime()) throw new ReviewsException(ReviewsErrorCode.InvitationExpired, { field: 'token' });
    return invitation;
  }

  /** The review of an edit link that may still be changed: 404 unknown, 410 removed, changed already or too late. */
  private async editable(token: string): Promise<ReviewEntity> {
    const review = await this.repo.reviewByEditHash(sha256(token));
    if (!review) throw new ReviewsException(ReviewsErrorCode.LinkNotFound, { field: 'token' });
    if (review.status === 'removed') throw new ReviewsException(ReviewsErrorCode.ReviewRemoved, { field: 'token' });
    if (review.editedAt) throw new ReviewsException(ReviewsErrorCode.EditUsed, { field: 'token' });
    if (review.editableUntil.getTime() <= this.clock.now().getTime()) throw new ReviewsException(ReviewsErrorCode.EditExpired, { field: 'token' });
    return review;
  }

  /** The reviewed post while visitors may see it; 404 post_not_found naming the token otherwise. */
  private async visiblePost(postId: number): Promise<ReviewedPost> {
    const post = await this.repo.post(postId);
    if (!post || post.status !== 'publish' || post.slugExtract === this.config.hiddenSlugExtract) {
      throw new PostsException(PostsErrorCode.PostNotFound, { field: 'token', values: ['id', postId] });
    }
    return post;
  }

  /** The review's columns from the form, checked against the site's questions: each refusal names its field. */
  private async fields(dto: ReviewInput, invitation: ReviewInvitationEntity): Promise<Partial<ReviewEntity>> {
    const asked: readonly string[] = REVIEW_SUB_RATINGS[this.config.site];
    const ratings: Partial<Record<ReviewSubRatingKey, number>> = {};
    for (const [key, value] of Object.entries(dto.ratings ?? {})) {
      if (value === undefined) continue;
      if (!asked.includes(key)) throw invalid(`ratings.${key}`, `ratings.${key} is not asked here; rate ${asked.join(', ')}`);
      ratings[key as ReviewSubRatingKey] = value as number;
    }
    if (invitation.listerBooked && dto.booked === undefined) throw new ReviewsException(ReviewsErrorCode.BookedNeeded, { field: 'booked' });
    const countyId = await this.taxonomy.countyId(dto.county);
    if (countyId === undefined) throw invalid('county', 'county must be a county slug such as cork');
    const classDetails = reviewAsksClassDetails(this.config.site);
    return {
      rating: dto.rating,
      ratings: JSON.stringify(ratings),
      text: dto.text,
      firstName: dto.first_name,
      countyId,
      label: invitation.listerBooked && dto.booked === true ? 'booked' : 'enquired',
      yearGroup: classDetails && dto.year_group ? dto.year_group : null,
      classSize: classDetails ? (dto.class_size ?? null) : null,
    };
  }

  private form(invitation: ReviewInvitationEntity, post: ReviewedPost, expiresAt: Date, current: ReviewInput | null): ReviewFormDto {
    return {
      post_id: post.id,
      post_title: post.title,
      post_slug: post.slug,
      profile_path: this.where(post).profile_path,
      sub_ratings: REVIEW_SUB_RATINGS[this.config.site],
      asks_booked: Boolean(invitation.listerBooked),
      asks_class_details: reviewAsksClassDetails(this.config.site),
      suggested_first_name: invitation.name.trim().split(/\s+/)[0] ?? '',
      expires_at: expiresAt.toISOString(),
      current,
    };
  }

  private where(post: ReviewedPost) {
    return { post_title: post.title, profile_path: profilePath(this.config.site, { slug: post.slug, categorySlug: post.categorySlug }) };
  }

  /** The lister's notice of a held review, queued in the change's transaction (none for a post without an owner). */
  private async heldNotice(m: EntityManager, post: ReviewedPost, heldUntil: Date): Promise<number[]> {
    const owner = post.ownerId === null ? null : await this.repo.owner(post.ownerId, m);
    return owner ? [await this.mail.queueIn(m, { to: owner.email, ...reviewMail.held(this.config, owner.firstName, post.title, heldUntil) })] : [];
  }
}
