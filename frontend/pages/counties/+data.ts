import type { PageContext } from 'vike/types';
import { getSummary, getTaxonomy, taxonomyIn } from '../../lib/taxonomy.server';

export type Data = Awaited<ReturnType<typeof data>>;

/** Every county, named in the page's language, with its number of profiles. */
export async function data(pageContext: PageContext) {
  const [tax, summary] = await Promise.all([getTaxonomy(pageContext.apiInternalOrigin), getSummary(pageContext.apiInternalOrigin)]);
  const counts = new Map(summary.active_counties.map((c) => [c.slug, c.count]));
  return { counties: taxonomyIn(pageContext.lang, tax).counties.map((c) => ({ ...c, count: counts.get(c.slug) ?? 0 })) };
}
