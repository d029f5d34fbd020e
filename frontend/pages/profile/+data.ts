import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { apiGet, orNotFound, query } from '../../lib/api';
import { variantAllowed } from '../../lib/profile';
import { profileData } from '../../lib/profile-data';
import { getTaxonomy } from '../../lib/taxonomy.server';
import type { Post } from '../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

/** Runs on the server: the published post (drafts and hidden posts answer 404 from the API) and its media. */
export async function data(pageContext: PageContext) {
  const { site, apiInternalOrigin: origin } = pageContext;
  const params = pageContext.routeParams as { slug: string; variant: '' | 'cliste' | 'multi'; categorySlug: string };
  const [post] = (await orNotFound(apiGet<Post[]>(origin, `/api/posts/${query({ postSlug: params.slug })}`))).body;
  if (!variantAllowed({ slug: params.slug, variant: params.variant || null, categorySlug: params.categorySlug || null }, site.site, post.category_slug)) {
    throw render(404);
  }
  return profileData(origin, site, post, await getTaxonomy(origin));
}
