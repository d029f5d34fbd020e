import type { PageContext } from 'vike/types';
import { apiGet } from '../../../lib/api-client';
import { coverSrcset } from '../../../lib/srcsets';
import type { ArticleSummary } from '../../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContext) {
  const articles = (await apiGet<ArticleSummary[]>(pageContext.apiInternalOrigin, '/api/articles/')).body;
  return { articles: articles.map((a) => ({ ...a, imageSrcset: coverSrcset(a) })) };
}
