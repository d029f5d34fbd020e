import type { MyPostDto } from '@directory/domain';
import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { apiGet, bearer } from '../../../../lib/api-client';
import { orNotFound } from '../../../../lib/not-found';
import { pickers } from '../../../../lib/cp-data.server';
import type { Post } from '../../../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * The member's own post (any post, for an admin), whatever its status, asked for with their token. A published post
 * of someone else's is public, so a member's editor checks it is among their own; otherwise the same 404 as for a post
 * that does not exist (as the draft preview answers).
 */
export async function data(pageContext: PageContext) {
  const id = pageContext.routeParams.postId;
  if (!/^\d{1,9}$/.test(id)) throw render(404);
  const { apiInternalOrigin: origin, accessToken, user } = pageContext;
  const headers = bearer(accessToken);
  const [post, mine, choices] = await Promise.all([
    orNotFound(apiGet<Post>(origin, `/api/posts/${id}/`, headers), [400, 401, 403, 404]),
    user?.role === 'admin' ? null : apiGet<MyPostDto[]>(origin, '/api/me/posts/', headers),
    pickers(pageContext),
  ]);
  if (mine && !mine.body.some((p) => p.id === post.body.id)) throw render(404);
  return { post: post.body, ...choices };
}
