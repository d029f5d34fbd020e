import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { apiGet, bearer, query } from '../../lib/api-client';
import { orNotFound } from '../../lib/not-found';
import { variantAllowed } from '../../lib/profile';
import { profileData } from '../../lib/profile-data';
import { profileReviews } from '../../lib/reviews';
import { reviewsHtml, withProfileHtml } from '../../lib/profile-html.server';
import { getTaxonomy } from '../../lib/taxonomy.server';
import type { Post } from '../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Runs on the server: the published post and its media, asked for as the viewer (drafts answer 404 from the API, and
 * hidden posts too unless an admin is signed in: the admin's listings link to them), and its first page of reviews.
 */
export async function data(pageContext: PageContext) {
  const { site, apiInternalOrigin: origin, accessToken } = pageContext;
  const params = pageContext.routeParams as { slug: string; variant: '' | 'cliste' | 'multi'; categorySlug: string };
  const [post] = (await orNotFound(apiGet<Post[]>(origin, `/api/posts/${query({ postSlug: params.slug })}`, bearer(accessToken)))).body;
  if (!variantAllowed({ slug: params.slug, variant: params.variant || null, categorySlug: params.categorySlug || null }, site.site, post.category_slug)) {
    throw render(404);
  }
  const [profile, reviews] = await Promise.all([
    getTaxonomy(origin).then((tax) => profileData(pageContext, origin, site, post, tax, accessToken)),
    profileReviews(origin, post.id, post.reviews, pageContext.lang),
  ]);
  return { ...withProfileHtml(pageContext, profile), reviews: { ...reviews, ...reviewsHtml(pageContext, post.title, reviews) } };
}
