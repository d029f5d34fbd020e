import type { PageContext } from 'vike/types';
import { getSummary, getTaxonomy } from '../../lib/taxonomy.server';

export type Data = Awaited<ReturnType<typeof data>>;

export async function data(pageContext: PageContext) {
  const [tax, summary] = await Promise.all([getTaxonomy(pageContext.apiInternalOrigin), getSummary(pageContext.apiInternalOrigin)]);
  return {
    categories: tax.categories.map((c) => ({
      slug: c.slug,
      name: c.name,
      description: c.description,
      icon: c.svg_path,
      href: c.parent_slug ? `/categories/${c.parent_slug}/${c.slug}` : `/categories/${c.slug}`,
      count: summary.categories[c.slug]?.count ?? 0,
    })),
  };
}
