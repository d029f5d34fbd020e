import type { Site } from './sites.js';

/**
 * Verified reviews: only a person who enquired through the site reviews a lister, through the link emailed to the
 * enquiry's address. The rules (who is invited and when, the hold of low ratings, the reviewer's one edit) and the
 * answers are defined here once for the API, the site and the admin app; docs/reviews.md describes the routes.
 */

const DAY_MS = 86_400_000;

/** The numbers of the review rules. */
export const REVIEW_RULES = {
  ratingMin: 1,
  ratingMax: 5,
  /** An overall rating at or below this is held before it is published, so the lister can answer first. */
  heldAtOrBelow: 2,
  /** Days a low rating is held from when it was written. */
  holdDays: 7,
  /** Days it is held when the lister asks for more time to resolve it: never longer. */
  extendedHoldDays: 14,
  /** The reviewer may change a review once, within this many days of writing it. */
  editDays: 30,
  /** The invitation's link works this many days after the invitation was first emailed (12 months). */
  invitationValidDays: 365,
  /** The invitation goes out the day after the enquiry's event date... */
  inviteDaysAfterEvent: 1,
  /** ...or this many days after the enquiry when it named no date. */
  inviteDaysWithoutDate: 21,
  /** Reminders, in days after the invitation, each sent only while no review has been written. */
  reminderDays: [3, 7] as const,
  /** The profile's reviews come this many at a time, newest first. */
  pageSize: 10,
  /** The control panel's list of a lister's reviews. */
  panelPageSize: 20,
} as const;

/** The lengths of what reviewers and listers type; the DTOs refuse beyond them and the forms stop at them. */
export const REVIEW_LIMITS = {
  textMin: 30,
  textMax: 2000,
  firstNameMax: 60,
  replyMin: 1,
  replyMax: 2000,
  /** Cliste: the class the visit was for ("5th class", "Transition Year"). */
  yearGroupMax: 60,
  classSizeMin: 1,
  classSizeMax: 500,
  /** The lister's optional note with a report, for the admins. */
  reportNoteMax: 1000,
} as const;

/** The sub-ratings each site asks for, 1-5 each, all optional; shown beside the overall rating, never averaged into it. */
export const REVIEW_SUB_RATINGS = {
  church: ['performance', 'communication', 'punctuality', 'value'],
  cliste: ['engagement', 'curriculum_fit', 'organisation', 'value'],
  multi: ['performance', 'communication', 'punctuality', 'value'],
} as const satisfies Record<Site, readonly string[]>;

export type ReviewSubRatingKey = (typeof REVIEW_SUB_RATINGS)[Site][number];

/** The English name of each sub-rating (mails, the admin app; the site has them in its catalogues). */
export const REVIEW_SUB_RATING_LABELS: Record<ReviewSubRatingKey, string> = {
  performance: 'Performance',
  communication: 'Communication',
  punctuality: 'Punctuality',
  value: 'Value',
  engagement: 'Pupil engagement',
  curriculum_fit: 'Curriculum fit',
  organisation: 'Organisation',
};

/** Whether the site's review doubles as the school's post-visit evaluation (year group and class size, optional). */
export const reviewAsksClassDetails = (site: Site): boolean => site === 'cliste';

/** 'booked': the lister marked the enquiry booked and the reviewer said they booked. Every other review: 'enquired'. */
export const REVIEW_LABELS = ['booked', 'enquired'] as const;
export type ReviewLabel = (typeof REVIEW_LABELS)[number];

/** "Booked through Cliste" / "Enquired through Cliste" (mails and the admin app; the site words it in its catalogues). */
export const reviewLabelText = (label: ReviewLabel, siteName: string): string => `${label === 'booked' ? 'Booked' : 'Enquired'} through ${siteName}`;

/**
 * held: a low rating waiting for its release date, seen only by its lister (and admins); published: public; removed:
 * taken down by an admin for one of the report reasons. A report does not change the status: a reported review stays
 * visible until an admin decides.
 */
export const REVIEW_STATUSES = ['held', 'published', 'removed'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Why a lister may report a review, and the only reasons an admin may remove one for. */
export const REVIEW_REPORT_REASONS = ['not_a_client', 'personal_data', 'abuse'] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];

export const REVIEW_REPORT_REASON_TEXTS: Record<ReviewReportReason, string> = {
  not_a_client: 'The reviewer was not a client',
  personal_data: 'It contains personal data',
  abuse: 'It is abusive',
};

/** The admin list's filter: `filter={"state":"reported"}` (reported: not removed, with a report waiting for a decision). */
export const ADMIN_REVIEW_STATES = ['held', 'published', 'reported', 'removed'] as const;
export type AdminReviewState = (typeof ADMIN_REVIEW_STATES)[number];

/** Whether an overall rating is held before it is published. */
export const isHeldRating = (rating: number): boolean => rating <= REVIEW_RULES.heldAtOrBelow;

/** When a held review is published: 7 days after it was written, 14 once the lister asked for more time. */
export const reviewReleaseAt = (heldFrom: Date, moreTime: boolean): Date =>
  new Date(heldFrom.getTime() + (moreTime ? REVIEW_RULES.extendedHoldDays : REVIEW_RULES.holdDays) * DAY_MS);

/** Until when the reviewer may change a review written at `writtenAt`. */
export const reviewEditableUntil = (writtenAt: Date): Date => new Date(writtenAt.getTime() + REVIEW_RULES.editDays * DAY_MS);

/** An average as the site shows it: one decimal (4.5), null without reviews. */
export const roundRating = (average: number | null): number | null => (average === null ? null : Math.round(average * 10) / 10);

// ---- Answers ----

/** The lister's public reply under a review. */
export interface ReviewReplyDto {
  text: string;
  /** ISO 8601: when it was written or last changed. */
  updated_at: string;
}

/** GET /api/posts/{id}/reviews/?page=0: a published review as the profile shows it (10 a page, newest first). */
export interface ReviewDto {
  id: number;
  label: ReviewLabel;
  /** The reviewer's first name, as they typed it (never their email). */
  first_name: string;
  /** The reviewer's county, by name ("Cork") and slug. */
  county: string;
  county_slug: string;
  /** Overall, 1-5. */
  rating: number;
  /** The sub-ratings the reviewer gave (the site's keys, REVIEW_SUB_RATINGS); a key left out was not rated. */
  ratings: Partial<Record<ReviewSubRatingKey, number>>;
  text: string;
  /** Cliste only, each optional: the class the visit was for and its size. */
  year_group: string | null;
  class_size: number | null;
  /** ISO 8601: when it was written. */
  created_at: string;
  /** ISO 8601: when the reviewer changed it (once at most); null if never. */
  edited_at: string | null;
  /** ISO 8601: when it became public (after its hold, for a held one). */
  published_at: string;
  reply: ReviewReplyDto | null;
}

/**
 * A post's published reviews in figures, kept on the post as reviews are published, changed and removed (never
 * counted per request): on every post answer (`reviews`), so the profile and the cards read them from the post.
 */
export interface ReviewSummaryDto {
  /** Overall average to one decimal; null without reviews. */
  average: number | null;
  count: number;
  /** Average of each sub-rating over the reviews that gave it, one decimal; a key nobody rated is left out. */
  sub_averages: Partial<Record<ReviewSubRatingKey, number>>;
}

/** A review as its lister sees it in the control panel: GET /api/me/reviews/ (held ones too). */
export interface MyReviewDto extends Omit<ReviewDto, 'published_at'> {
  post_id: number;
  post_title: string;
  post_slug: string;
  status: ReviewStatus;
  /** ISO 8601: when a held review is published (with the reply, if any); null once it is not held. */
  held_until: string | null;
  /** Whether the lister asked for more time on this held review (at most once). */
  more_time_asked: boolean;
  /** ISO 8601; null while held or removed. */
  published_at: string | null;
  /** The lister's report, while an admin has not decided it; null otherwise. */
  report: { reason: ReviewReportReason; reported_at: string } | null;
  /** Why an admin removed it; null unless removed. */
  removal_reason: ReviewReportReason | null;
}

/**
 * GET /api/reviews/invitation/?token= (and GET /api/reviews/edit/?token=): what the review form needs. The form asks
 * "Did you book {post_title}?" only when `asks_booked`.
 */
export interface ReviewFormDto {
  post_id: number;
  post_title: string;
  post_slug: string;
  /** The profile's path on its site ("/church-musicians/…" or cliste's single segment). */
  profile_path: string;
  /** The sub-ratings to ask for, in order. */
  sub_ratings: readonly ReviewSubRatingKey[];
  /** The lister marked the enquiry booked: the form asks whether the reviewer booked. */
  asks_booked: boolean;
  /** Cliste: the form also asks for the year group and class size (both optional). */
  asks_class_details: boolean;
  /** The enquirer's name, to prefill the first name; the reviewer may change it. */
  suggested_first_name: string;
  /** ISO 8601: when this link stops working. */
  expires_at: string;
  /** Only on GET /api/reviews/edit/: the review as written, for the one change. */
  current: ReviewInput | null;
}

/** POST /api/reviews/ (with `token`) and PUT /api/reviews/edit/ (with the edit `token`): the review as typed. */
export interface ReviewInput {
  /** 1-5, required. */
  rating: number;
  /** The site's sub-ratings, each 1-5, each optional; a key of another site is refused naming `ratings.{key}`. */
  ratings?: Partial<Record<ReviewSubRatingKey, number>>;
  /** 30-2000 characters. */
  text: string;
  first_name: string;
  /** A county slug ("cork"). */
  county: string;
  /** The answer to "Did you book {lister}?"; required when the form asks it, ignored otherwise. */
  booked?: boolean;
  /** Cliste only, optional. */
  year_group?: string;
  class_size?: number;
}

/** 201 of POST /api/reviews/ and 200 of PUT /api/reviews/edit/: what the thank-you page says. */
export interface ReviewReceiptDto {
  status: Exclude<ReviewStatus, 'removed'>;
  /** ISO 8601: when a held review is published; null when published at once. */
  held_until: string | null;
  /** The token of the one change (also emailed to the reviewer); null once it was used. */
  edit_token: string | null;
  /** ISO 8601: until when the change may be made; null once it was made. */
  editable_until: string | null;
  post_title: string;
  profile_path: string;
}

/** PUT /api/me/reviews/{id}/reply/ */
export interface ReviewReplyInput {
  text: string;
}

/** POST /api/me/reviews/{id}/report/ */
export interface ReviewReportInput {
  reason: ReviewReportReason;
  note?: string;
}

/** PUT /api/enquiries/{id}/booked/ */
export interface EnquiryBookedInput {
  booked: boolean;
}

/** A review in the admin app's list and show (GET /api/admin/reviews/). */
export interface AdminReviewDto extends MyReviewDto {
  /** Where the invitation went (the enquiry's address): admins may need to write to the reviewer. */
  reviewer_email: string;
  enquiry_id: number;
  /** The lister's note with the report, if any. */
  report_note: string | null;
  /** ISO 8601 */
  removed_at: string | null;
}

/** PUT /api/admin/reviews/{id}: remove (with a reason) or restore. */
export interface AdminReviewUpdateInput {
  status: 'removed' | 'published';
  /** Required when removing. */
  removal_reason?: ReviewReportReason;
}

/** The admin dashboard's review figures (GET /api/admin/stats/ `reviews`). */
export interface AdminReviewCounts {
  published: number;
  held: number;
  reported: number;
  removed: number;
}
