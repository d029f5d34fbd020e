import { REVIEW_RULES, reviewReleaseAt, ReviewsErrorCode, type MyReviewDto, type ReviewReportReason } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { Page } from '../../common/page';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { isAdmin, Viewer } from '../../common/viewer';
import type { ReviewEntity } from './review.entity';
import { ReviewClock } from './review.clock';
import { ReviewFigures } from './review-figures';
import { mapMyReview } from './reviews.mapper';
import { ReviewsRepository } from './reviews.repository';
import { ReviewsException } from './reviews.exception';

/** The lister's side, in the control panel: their reviews (held ones too), a public reply, more time, a report. */
@Injectable()
export class ListerReviewsService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly figures: ReviewFigures,
    private readonly clock: ReviewClock,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async list(viewer: Viewer, page = 0): Promise<Page<MyReviewDto>> {
    const { rows, total } = await this.repo.listerPage(viewer.userId, this.config.hiddenSlugExtract, page * REVIEW_RULES.panelPageSize, REVIEW_RULES.panelPageSize);
    return new Page(rows.map(mapMyReview), total);
  }

  /** Writes or replaces the one public reply; visitors see it at once on a published review, with it on a held one. */
  async reply(viewer: Viewer, id: number, text: string | null): Promise<MyReviewDto> {
    const review = await this.owned(viewer, id);
    if (text !== null && review.status === 'removed') throw new ReviewsException(ReviewsErrorCode.ReplyToRemoved, { field: 'id' });
    await this.repo.transaction(async (m) => {
      await this.repo.update(m, id, '1 = 1', {}, { reply: text, replyUpdatedAt: text === null ? null : this.clock.now() });
      if (review.status === 'published') await this.figures.changed(m, review.postId);
    });
    return this.answer(id);
  }

  /** Holds a low review 14 days from writing instead of 7: once, and only while it is held. */
  async moreTime(viewer: Viewer, id: number): Promise<MyReviewDto> {
    const review = await this.owned(viewer, id);
    if (review.status !== 'held') throw new ReviewsException(ReviewsErrorCode.NotHeld, { field: 'id' });
    if (review.moreTimeAsked) throw new ReviewsException(ReviewsErrorCode.MoreTimeAsked, { field: 'id' });
    const heldUntil = reviewReleaseAt(review.heldFrom ?? review.createdAt, true);
    const changed = await this.repo.transaction((m) =>
      this.repo.update(m, id, "status = 'held' AND more_time_asked = :no", { no: false }, { moreTimeAsked: true, heldUntil }),
    );
    if (!changed) throw new ReviewsException(ReviewsErrorCode.MoreTimeAsked, { field: 'id' });
    return this.answer(id);
  }

  /** Reports a review to the admins; it stays as it is (visible if published) until an admin decides. */
  async report(viewer: Viewer, id: number, reason: ReviewReportReason, note: string | undefined): Promise<MyReviewDto> {
    const review = await this.owned(viewer, id);
    if (review.status === 'removed') throw new ReviewsException(ReviewsErrorCode.ReviewRemoved, { field: 'id' });
    const changed = await this.repo.transaction((m) =>
      this.repo.update(m, id, 'reported_at IS NULL', {}, { reportedAt: this.clock.now(), reportReason: reason, reportNote: note || null }),
    );
    if (!changed) throw new ReviewsException(ReviewsErrorCode.AlreadyReported, { field: 'id' });
    return this.answer(id);
  }

  /**
   * A review of one of the viewer's posts (any, for an admin); 404 otherwise, as for one that does not exist, and for
   * a review of the owner's listing an admin hid (as the listing itself is to them).
   */
  private async owned(viewer: Viewer, id: number): Promise<ReviewEntity> {
    const review = await this.repo.full(id);
    const mine = review?.post?.ownerId === viewer.userId && review.post.slugExtract !== this.config.hiddenSlugExtract;
    if (!review || !(isAdmin(viewer) || mine)) throw new ReviewsException(ReviewsErrorCode.ReviewNotFound, { field: 'id', values: [id] });
    return review;
  }

  private async answer(id: number): Promise<MyReviewDto> {
    return mapMyReview((await this.repo.full(id))!);
  }
}
