import type { PageContext } from 'vike/types';
import { reviewFormData } from '../../lib/review-form.server';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * /reviews: how reviews work; with `?token=` the review form (an invitation's link) or the written review for its one
 * change (the receipt's link). One page for both keeps the client router's page list, which every page's first
 * JavaScript carries, an entry shorter each (the page JavaScript budget, docs/performance.md).
 */
export async function data(pageContext: PageContext) {
  const { token } = pageContext.urlParsed.search;
  return token === undefined ? null : reviewFormData(pageContext, token);
}
