import { SLUG_PATTERN } from '@directory/domain';
import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { ApiError, apiGet } from '../../../lib/api';
import type { Article } from '../../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContext) {
  const slug = pageContext.routeParams.slug;
  if (!SLUG_PATTERN.test(slug)) throw render(404);
  try {
    return { article: (await apiGet<Article>(pageContext.apiInternalOrigin, `/api/articles/${slug}/`)).body };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw render(404);
    throw err;
  }
}
