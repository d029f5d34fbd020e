import { SLUG_PATTERN } from '@directory/domain';
import { render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { apiGet } from '../../../lib/api-client';
import { orNotFound } from '../../../lib/not-found';
import { coverSrcset } from '../../../lib/srcsets';
import type { Article } from '../../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContext) {
  const slug = pageContext.routeParams.slug;
  if (!SLUG_PATTERN.test(slug)) throw render(404);
  const article = (await orNotFound(apiGet<Article>(pageContext.apiInternalOrigin, `/api/articles/${slug}/`))).body;
  return { article: { ...article, imageSrcset: coverSrcset(article) } };
}
