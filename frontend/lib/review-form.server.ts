import { countyNameIn, type ErrorBody, type ReviewFormDto, ReviewsErrorCode } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { pageApi, query } from './api-client';
import { getTaxonomy } from './taxonomy.server';

/** Why a review link shows no form: each says what happened and what to do (the catalogue's reviewform.* texts). */
export const LINK_PROBLEMS = [
  ReviewsErrorCode.LinkNotFound,
  ReviewsErrorCode.InvitationUsed,
  ReviewsErrorCode.InvitationExpired,
  ReviewsErrorCode.EditUsed,
  ReviewsErrorCode.EditExpired,
  ReviewsErrorCode.ReviewRemoved,
] as const;
export type LinkProblem = (typeof LINK_PROBLEMS)[number];

export type ReviewFormData = Awaited<ReturnType<typeof reviewFormData>>;

/**
 * The review form's page data, on the server: what the link's token opens (an invitation's token the form, a receipt's
 * token the written review for its one change: the API knows which it is, so both links are /reviews?token=), or why
 * it opens nothing; and the counties in the page's language. The form is rendered by the server, so what a reviewer
 * types before the page's scripts run is kept (server/scripts-after-paint.ts).
 */
export async function reviewFormData(pageContext: PageContext, token: string) {
  const origin = pageContext.apiInternalOrigin;
  const ask = (kind: 'invitation' | 'edit') => pageApi(origin).call<ReviewFormDto | ErrorBody>('GET', `/api/reviews/${kind}/${query({ token })}`);
  const [invitation, tax] = await Promise.all([token ? ask('invitation') : null, getTaxonomy(origin)]);
  const notFound = (a: typeof invitation) => !a || (a.status === 404 && (a.body as ErrorBody).code === ReviewsErrorCode.LinkNotFound);
  const edit = token && notFound(invitation) ? await ask('edit') : null;
  const answer = edit ?? invitation;
  const mode: 'write' | 'edit' = edit ? 'edit' : 'write';
  const counties = tax.counties.map((c) => ({ slug: c.slug, name: countyNameIn(pageContext.lang, c.slug, c.name) })).sort((a, b) => a.name.localeCompare(b.name));
  if (answer && answer.status === 200) return { mode, token, form: answer.body as ReviewFormDto, problem: null, counties };
  const code = answer ? (answer.body as ErrorBody).code : ReviewsErrorCode.LinkNotFound;
  // Anything else (the API down, a 5xx) is the site's error page, not a word about the link.
  if (answer && !(LINK_PROBLEMS as readonly string[]).includes(code)) throw new Error(`review link: the API answered ${answer.status} ${code}`);
  return { mode, token, form: null, problem: code as LinkProblem, counties };
}
