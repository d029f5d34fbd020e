import { TtlCache } from '@directory/server-kit';
import { apiGet } from './api';
import type { Taxonomy } from './listing';
import type { ActiveSummary, Category, County, ParentCategoryDto } from './types';

/**
 * Categories, counties and the active summary are read by every listing render and change rarely:
 * the site server keeps them for a few seconds instead of asking the API on every page view.
 */
const TTL_MS = 10_000;
const taxonomies = new TtlCache<Taxonomy>(TTL_MS);
const summaries = new TtlCache<ActiveSummary>(TTL_MS);

export function getTaxonomy(origin: string): Promise<Taxonomy> {
  return taxonomies.get(origin, async () => {
    const [categories, counties, parents] = await Promise.all([
      apiGet<Category[]>(origin, '/api/categories/'),
      apiGet<County[]>(origin, '/api/counties/'),
      apiGet<ParentCategoryDto[]>(origin, '/api/parent-categories/'),
    ]);
    return { categories: categories.body, counties: counties.body, parents: parents.body };
  });
}

export function getSummary(origin: string): Promise<ActiveSummary> {
  return summaries.get(origin, async () => (await apiGet<ActiveSummary>(origin, '/active-cats-tags/')).body);
}
