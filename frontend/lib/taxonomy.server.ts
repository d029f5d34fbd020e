import { CATEGORY_NAMES_GA, COUNTY_NAMES_GA, countyNameIn, PieceDto, PRICE_TEXT_GA } from '@directory/domain';
import { TtlCache } from '@directory/server-kit';
import { apiGet } from './api-client';
import type { Lang } from './lang';
import type { Taxonomy } from './listing';
import type { ActiveSummary, Category, County, Facets, ParentCategoryDto, Site } from './types';

/**
 * Categories, counties and the active summary are read by every listing render and change rarely:
 * the site server keeps them for a few seconds instead of asking the API on every page view.
 */
const TTL_MS = 10_000;
const taxonomies = new TtlCache<Taxonomy>(TTL_MS);
const summaries = new TtlCache<ActiveSummary>(TTL_MS);

const catalogues = new TtlCache<PieceDto[]>(TTL_MS);

/** The repertoire's piece catalogue (church listing pages' "plays {piece}"), kept as the taxonomy is. */
export function getPieces(origin: string): Promise<PieceDto[]> {
  return catalogues.get(origin, async () => (await apiGet<PieceDto[]>(origin, '/api/pieces/')).body);
}

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

/*
 * The taxonomy in a page's language: Irish pages show the Irish names of @directory/domain (COUNTY_NAMES_GA,
 * CATEGORY_NAMES_GA) and category descriptions, by slug, and the English where there is none. Made once per kept taxonomy or summary.
 */
const irishTaxonomies = new WeakMap<Taxonomy, Taxonomy>();
const irishSummaries = new WeakMap<ActiveSummary, ActiveSummary>();

type CategoryFields = { slug: string; name: string; name_abbrev?: string; description?: string; parent_slug?: string | null; parent_name?: string | null };
const irishCategory = <T extends CategoryFields>(c: T): T => {
  const ga = CATEGORY_NAMES_GA[c.slug];
  const parent = c.parent_slug ? CATEGORY_NAMES_GA[c.parent_slug] : undefined;
  return {
    ...c,
    name: ga?.name ?? c.name,
    ...(c.name_abbrev !== undefined && { name_abbrev: ga?.abbrev ?? c.name_abbrev }),
    ...(c.description !== undefined && { description: ga?.description ?? c.description }),
    ...(c.parent_name && { parent_name: parent?.name ?? c.parent_name }),
  };
};
const irishCounty = <T extends { slug: string; name: string }>(c: T): T => ({ ...c, name: countyNameIn('ga', c.slug, c.name) });

export function taxonomyIn(lang: Lang, tax: Taxonomy): Taxonomy {
  if (lang === 'en') return tax;
  let out = irishTaxonomies.get(tax);
  if (!out) {
    out = { categories: tax.categories.map(irishCategory), counties: tax.counties.map(irishCounty), parents: tax.parents.map(irishCategory) };
    irishTaxonomies.set(tax, out);
  }
  return out;
}

export function summaryIn(lang: Lang, summary: ActiveSummary): ActiveSummary {
  if (lang === 'en') return summary;
  let out = irishSummaries.get(summary);
  if (!out) {
    out = {
      ...summary,
      categories: Object.fromEntries(Object.entries(summary.categories).map(([slug, c]) => [slug, irishCategory(c)])),
      active_counties: summary.active_counties.map(irishCounty),
      parent_categories: summary.parent_categories.map(irishCategory),
    };
    irishSummaries.set(summary, out);
  }
  return out;
}

/** The API's facets in lang, the price types' texts included (not kept: they differ with every filter). */
export function facetsIn(lang: Lang, site: Site, facets: Facets): Facets {
  if (lang === 'en') return facets;
  return {
    categories: facets.categories.map(irishCategory),
    counties: facets.counties.map(irishCounty),
    prices: facets.prices.map((p) => ({ ...p, ...PRICE_TEXT_GA[site][p.value] })),
  };
}

/** How a county reads after "in": "Cork" in English, "i gCorcaigh" in Irish ("i" and the name where it has no form). */
export function countyIn(lang: Lang, county: County): string {
  if (lang === 'en') return county.name;
  return COUNTY_NAMES_GA[county.slug]?.in ?? `i ${county.name}`;
}
