import type { PageContext } from 'vike/types';
import { apiGet } from '../../../lib/api';
import type { ArticleSummary } from '../../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContext) {
  return { articles: (await apiGet<ArticleSummary[]>(pageContext.apiInternalOrigin, '/api/articles/')).body };
}
