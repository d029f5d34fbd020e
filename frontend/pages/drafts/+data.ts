import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { apiGet, bearer } from '../../lib/api-client';
import { orNotFound } from '../../lib/not-found';
import { profileData } from '../../lib/profile-data';
import { withProfileHtml } from '../../lib/profile-html.server';
import { getTaxonomy } from '../../lib/taxonomy.server';
import type { Post } from '../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

/** The viewer's own post (or any, for an admin), whatever its status, fetched with the viewer's token. */
export async function data(pageContext: PageContext) {
  const { site, apiInternalOrigin: origin, accessToken } = pageContext;
  const id = pageContext.routeParams.postId;
  if (!/^\d{1,9}$/.test(id)) throw render(404);
  const load = async () => {
    const { body: post } = await apiGet<Post>(origin, `/api/posts/${id}/`, bearer(accessToken));
    return withProfileHtml(pageContext, await profileData(pageContext, origin, site, post, await getTaxonomy(origin), accessToken));
  };
  // Someone else's post, or none: the same 404 as a post that does not exist.
  return orNotFound(load(), [400, 401, 403, 404]);
}
