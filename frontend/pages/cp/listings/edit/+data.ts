import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { apiGet, bearer, orNotFound } from '../../../../lib/api';
import { pickers } from '../../../../lib/cp-data.server';
import type { Post } from '../../../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

/** The member's own post (any post, for an admin), whatever its status, asked for with their token. */
export async function data(pageContext: PageContext) {
  const id = pageContext.routeParams.postId;
  if (!/^\d{1,9}$/.test(id)) throw render(404);
  const [post, choices] = await Promise.all([
    // Someone else's post, or none: the same 404 as a post that does not exist (as the draft preview answers).
    orNotFound(apiGet<Post>(pageContext.apiInternalOrigin, `/api/posts/${id}/`, bearer(pageContext.accessToken)), [400, 401, 403, 404]),
    pickers(pageContext),
  ]);
  return { post: post.body, ...choices };
}
