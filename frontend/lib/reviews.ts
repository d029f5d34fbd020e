import { countyNameIn, type ReviewDto, type ReviewSummaryDto, REVIEW_RULES } from '@directory/domain';
import { apiGet, query } from './api-client';
import { articleDate } from './dates';
import type { Lang } from './lang';

/**
 * A published review as the profile shows it: the API's review with its dates written out and the county named in the
 * page's language. Made by the profile's +data for the first page, and in the browser for the pages "More reviews"
 * loads (this module is imported on that press, so the first page's JavaScript does not carry the dates' code).
 */
export type ReviewView = ReviewDto & { date: string; replyDate: string | null };

export const toReviewView = (r: ReviewDto, lang: Lang): ReviewView => ({
  ...r,
  county: countyNameIn(lang, r.county_slug, r.county),
  date: articleDate(r.published_at, lang),
  replyDate: r.reply ? articleDate(r.reply.updated_at, lang) : null,
});

/** A page of a post's published reviews, newest first (REVIEW_RULES.pageSize a page, pages from 0). */
export async function reviewPage(apiOrigin: string, postId: number, page: number, lang: Lang): Promise<{ reviews: ReviewView[]; total: number }> {
  const answer = await apiGet<ReviewDto[]>(apiOrigin, `/api/posts/${postId}/reviews/${query({ page })}`);
  return { reviews: answer.body.map((r) => toReviewView(r, lang)), total: answer.total ?? answer.body.length };
}

/** The profile's reviews: the post's figures, and the first page when there is one. */
export interface ProfileReviews {
  summary: ReviewSummaryDto;
  reviews: ReviewView[];
  total: number;
}

export async function profileReviews(apiOrigin: string, postId: number, summary: ReviewSummaryDto, lang: Lang): Promise<ProfileReviews> {
  if (summary.count === 0) return { summary, reviews: [], total: 0 };
  return { summary, ...(await reviewPage(apiOrigin, postId, 0, lang)) };
}

/** The page after the `shown` reviews (the API's pages are REVIEW_RULES.pageSize long). */
export const nextReviews = (apiOrigin: string, postId: number, shown: number, lang: Lang) => reviewPage(apiOrigin, postId, Math.ceil(shown / REVIEW_RULES.pageSize), lang);
