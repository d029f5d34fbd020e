import type { PageContext } from 'vike/types';
import { getSummary, getTaxonomy } from '../../lib/taxonomy.server';

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContext) {
  const [tax, summary] = await Promise.all([getTaxonomy(pageContext.apiInternalOrigin), getSummary(pageContext.apiInternalOrigin)]);
  const counts = new Map(summary.active_counties.map((c) => [c.slug, c.count]));
  return { counties: tax.counties.map((c) => ({ ...c, count: counts.get(c.slug) ?? 0 })) };
}
