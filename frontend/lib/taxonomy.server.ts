import { apiGet } from './api';
import type { Taxonomy } from './listing';
import type { ActiveSummary, Category, County, ParentCategoryDto } from './types';

/**
 * Categories, counties and the active summary are read by every listing render and change rarely:
 * the site server keeps them for a few seconds instead of asking the API on every page view.
 */
const TTL_MS = 10_000;
const cache = new Map<string, { expires: number; value: Promise<unknown> }>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.value as Promise<T>;
  const value = load();
  cache.set(key, { expires: Date.now() + TTL_MS, value });
  value.catch(() => cache.delete(key));
  return value;
}

export function getTaxonomy(origin: string): Promise<Taxonomy> {
  return cached(`taxonomy ${origin}`, async () => {
    const [categories, counties, parents] = await Promise.all([
      apiGet<Category[]>(origin, '/api/categories/'),
      apiGet<County[]>(origin, '/api/counties/'),
      apiGet<ParentCategoryDto[]>(origin, '/api/parent-categories/'),
    ]);
    return { categories: categories.body, counties: counties.body, parents: parents.body };
  });
}

export function getSummary(origin: string): Promise<ActiveSummary> {
  return cached(`summary ${origin}`, async () => (await apiGet<ActiveSummary>(origin, '/active-cats-tags/')).body);
}
