import type { AdminReviewDto, MyReviewDto, ReviewDto, ReviewLabel, ReviewSubRatingKey } from '@directory/domain';
import { isoTime } from '../../common/iso-time';
import type { ReviewEntity } from './review.entity';

const iso = (d: Date | string) => isoTime(d instanceof Date ? d : new Date(d));
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

/** A published review as the profile shows it (county loaded with it). */
export const mapReview = (r: ReviewEntity): ReviewDto => ({
  id: r.id,
  label: r.label as ReviewLabel,
  first_name: r.firstName,
  county: r.county?.name ?? '',
  county_slug: r.county?.slug ?? '',
  rating: r.rating,
  ratings: JSON.parse(r.ratings) as Partial<Record<ReviewSubRatingKey, number>>,
  text: r.text,
  year_group: r.yearGroup,
  class_size: r.classSize,
  created_at: iso(r.createdAt),
  edited_at: isoOrNull(r.editedAt),
  published_at: iso(r.publishedAt ?? r.createdAt),
  reply: r.reply === null ? null : { text: r.reply, updated_at: iso(r.replyUpdatedAt ?? r.updatedAt) },
});

/** A review as its lister sees it (post and county loaded with it): held ones with their release date. */
export const mapMyReview = (r: ReviewEntity): MyReviewDto => ({
  ...mapReview(r),
  post_id: r.postId,
  post_title: r.post?.title ?? '',
  post_slug: r.post?.slug ?? '',
  status: r.status,
  held_until: r.status === 'held' ? isoOrNull(r.heldUntil) : null,
  more_time_asked: Boolean(r.moreTimeAsked),
  published_at: r.status === 'published' ? isoOrNull(r.publishedAt) : null,
  report: r.reportedAt && r.reportReason ? { reason: r.reportReason, reported_at: iso(r.reportedAt) } : null,
  removal_reason: r.status === 'removed' ? r.removalReason : null,
});

/** A review in the admin app (post, county and invitation loaded with it). */
export const mapAdminReview = (r: ReviewEntity): AdminReviewDto => ({
  ...mapMyReview(r),
  reviewer_email: r.invitation?.email ?? '',
  enquiry_id: r.invitation?.enquiryId ?? 0,
  report_note: r.reportedAt ? r.reportNote : null,
  removed_at: isoOrNull(r.removedAt),
});
