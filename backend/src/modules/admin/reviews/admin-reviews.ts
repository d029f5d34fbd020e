import { ADMIN_REVIEW_STATES, RequestErrorCode, reviewReleaseAt, ReviewsErrorCode, type AdminReviewCounts, type AdminReviewDto, type AdminReviewState } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { SimpleRestPage, type SimpleRestQueryDto } from '../../../common/simple-rest';
import type { Viewer } from '../../../common/viewer';
import type { AppConfig } from '../../../config/configuration';
import { InjectConfig } from '../../../config/config.module';
import { MailService } from '../../../infra/mail/mail.service';
import { AdminReviewUpdateDto } from '../../reviews/dto/review.dto';
import type { ReviewEntity as Review } from '../../reviews/review.entity';
import { ReviewEntity } from '../../reviews/review.entity';
import { ReviewClock } from '../../reviews/review.clock';
import { ReviewFigures } from '../../reviews/review-figures';
import { mapAdminReview } from '../../reviews/reviews.mapper';
import { reviewMail } from '../../reviews/reviews.messages';
import { ReviewsException } from '../../reviews/reviews.exception';
import { ReviewsRepository } from '../../reviews/reviews.repository';
import { listPage, notFound, ResourceSpec, sameNames } from '../admin-list';
import { AdminResource, SpecRows } from '../admin-resource';
import { AuditService } from '../audit/audit.service';
import { RequestException } from '../../../common/domain.exception';

const STATE_CONDITIONS: Record<AdminReviewState, string> = {
  held: "r.status = 'held'",
  published: "r.status = 'published'",
  reported: "r.status <> 'removed' AND r.reported_at IS NOT NULL",
  removed: "r.status = 'removed'",
};

const SPEC: ResourceSpec = {
  resource: 'reviews',
  alias: 'r',
  columns: sameNames('id', 'post_id', 'status', 'rating', 'created_at', 'reported_at', 'removed_at'),
  search: ['text', 'first_name'],
  filters: {
    state: (qb, value) => {
      if (!ADMIN_REVIEW_STATES.includes(value as AdminReviewState)) {
        const message = `filter.state must be one of ${ADMIN_REVIEW_STATES.join(', ')}`;
        throw new RequestException(RequestErrorCode.ValidationFailed, { field: 'filter', errors: [{ field: 'filter.state', message }], values: [[{ message }]] });
      }
      qb.andWhere(STATE_CONDITIONS[value as AdminReviewState]);
    },
  },
};

const RELATIONS = { post: true, county: true, invitation: true } as const;

/**
 * Reviews in the back office: held, published, reported and removed. An admin removes one only for a report reason
 * (an audit row and a mail to the reviewer saying why), keeps a reported one (the report is cleared) or restores a
 * removed one; each change visitors see recounts the post's figures and moves the data version.
 */
@Injectable()
export class AdminReviewsService extends SpecRows<ReviewEntity, AdminReviewDto> {
  constructor(
    @InjectRepository(ReviewEntity) rows: Repository<ReviewEntity>,
    private readonly reviews: ReviewsRepository,
    private readonly figures: ReviewFigures,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly clock: ReviewClock,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    super(rows, SPEC, mapAdminReview);
  }

  /** The page as the spec selects it, each row then read with its post, county and invitation. */
  async list(query: SimpleRestQueryDto): Promise<SimpleRestPage<AdminReviewDto>> {
    const page = await listPage(this.repo, SPEC, query, (r) => r);
    const full = new Map((await this.repo.find({ where: { id: In(page.items.map((r) => r.id)) }, relations: RELATIONS })).map((r) => [r.id, r]));
    return new SimpleRestPage(page.resource, page.items.map((r) => mapAdminReview(full.get(r.id) ?? r)), page.offset, page.total);
  }

  async one(id: number): Promise<AdminReviewDto> {
    const review = await this.repo.findOne({ where: { id }, relations: RELATIONS });
    if (!review) throw notFound('reviews', id);
    return mapAdminReview(review);
  }

  async update(viewer: Viewer, id: number, dto: AdminReviewUpdateDto): Promise<AdminReviewDto> {
    if (dto.status === 'removed' && !dto.removal_reason) throw new ReviewsException(ReviewsErrorCode.RemovalReasonNeeded, { field: 'removal_reason' });
    let mailId: number | null = null;
    const answer = await this.audit.change(viewer, { action: dto.status === 'removed' ? 'remove' : 'keep', resource: 'reviews', recordId: id }, async (m) => {
      const before = await this.reviews.full(id, m);
      if (!before) throw notFound('reviews', id);
      const now = this.clock.now();
      const changes = dto.status === 'removed' ? this.removal(before, dto, now) : this.restoration(before, now);
      if (changes) {
        await m.update(ReviewEntity, { id }, changes);
        if (before.status === 'published' || changes.status === 'published') await this.figures.changed(m, before.postId);
        if (dto.status === 'removed' && before.status !== 'removed') {
          mailId = await this.mail.queueIn(m, { to: before.invitation!.email, ...reviewMail.removed(this.config, before.post!.title, dto.removal_reason!) });
        }
      }
      return { before: mapAdminReview(before), after: mapAdminReview((await this.reviews.full(id, m))!) };
    });
    if (mailId !== null) this.mail.deliverSoon([mailId]);
    return answer;
  }

  /** Removes a review (the report, if any, is decided with it); a removed one only has its reason corrected. */
  private removal(review: Review, dto: AdminReviewUpdateDto, now: Date): Partial<Review> {
    const decided = { reportedAt: null, reportReason: null, reportNote: null };
    if (review.status === 'removed') return { removalReason: dto.removal_reason!, ...decided };
    return { status: 'removed', removedAt: now, removalReason: dto.removal_reason!, heldUntil: null, ...decided };
  }

  /**
   * Keeps a reported review (clearing the report) or restores a removed one: held again until its release date if
   * that has not come, published otherwise. Null when there is nothing to change.
   */
  private restoration(review: Review, now: Date): Partial<Review> | null {
    const decided = { reportedAt: null, reportReason: null, reportNote: null };
    if (review.status !== 'removed') return review.reportedAt ? decided : null;
    const release = review.heldFrom ? reviewReleaseAt(review.heldFrom, review.moreTimeAsked) : null;
    const restored = { removedAt: null, removalReason: null, ...decided };
    if (release && release.getTime() > now.getTime()) return { ...restored, status: 'held', heldUntil: release };
    return { ...restored, status: 'published', publishedAt: review.publishedAt ?? now };
  }

  /** The dashboard's review figures. */
  async counts(): Promise<AdminReviewCounts> {
    const count = (state: AdminReviewState) => this.repo.createQueryBuilder('r').where(STATE_CONDITIONS[state]).getCount();
    const [published, held, reported, removed] = await Promise.all((['published', 'held', 'reported', 'removed'] as const).map(count));
    return { published, held, reported, removed };
  }
}

@AdminResource({ resource: 'reviews', service: AdminReviewsService }, { update: AdminReviewUpdateDto })
export class AdminReviewsController {}
