import { CATEGORY_NAMES_GA } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { getSummary, getTaxonomy, taxonomyIn } from '../../lib/taxonomy.server';

export type Data = Awaited<ReturnType<typeof data>>;

/**
 * Every category in the page's language, with its number of profiles. A category an admin added since the Irish
 * names were written keeps its English description on an Irish page, marked as English (descriptionLang).
 */
export async function data(pageContext: PageContext) {
  const [tax, summary] = await Promise.all([getTaxonomy(pageContext.apiInternalOrigin), getSummary(pageContext.apiInternalOrigin)]);
  const irish = pageContext.lang === 'ga';
  return {
    categories: taxonomyIn(pageContext.lang, tax).categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      description: c.description,
      descriptionLang: irish && !CATEGORY_NAMES_GA[c.slug]?.description ? ('en-IE' as const) : undefined,
      icon: c.svg_path,
      href: c.parent_slug ? `/categories/${c.parent_slug}/${c.slug}` : `/categories/${c.slug}`,
      count: summary.categories[c.slug]?.count ?? 0,
    })),
  };
}
