import { ALL_COUNTIES_SLUG, type CalendarSlot, PRICE_TYPES, ParentCategoryDto, SITE_NAMES } from '@directory/domain';
import type { Translator } from './i18n';
import { listingPath, type ListingMatch, type SearchMode } from './routes';
import type { CardPost, Category, County, Post, PriceType, Site } from './types';

export { type CategoryRef, listingPath, type ListingMatch, matchListing, type SearchMode } from './routes';

export type Parent = ParentCategoryDto;

export interface Taxonomy {
  categories: Category[];
  counties: County[];
  parents: Parent[];
}

/** A listing resolved against the site's taxonomy: what to fetch, what to call it, where it lives. */
export interface ListingView {
  mode: SearchMode;
  /** The selected category (a child on cliste), or null. */
  category: Category | null;
  /** The parent group of the selection (cliste), or null. */
  parent: Parent | null;
  county: County | null;
  /** API filters: the category or parent slug, and the county slug; '' for none. */
  catSlug: string;
  tagSlug: string;
  /** Internal page pattern number (the listing shape: category, county, both, price). */
  pattern: number;
  path: string;
  /** Set on category-in-county pages reached through /counties/..., pointing at /categories/... */
  canonicalPath: string | null;
}

/** Resolves a match against the taxonomy; null means the page does not exist (404). */
export function resolveListing(match: ListingMatch, tax: Taxonomy, site: Site, allCategoriesSlug: string): ListingView | null {
  const cat = (slug: string) => tax.categories.find((c) => c.slug === slug) ?? null;
  const parent = (slug: string) => tax.parents.find((p) => p.slug === slug) ?? null;
  const county = (slug: string) => tax.counties.find((c) => c.slug === slug) ?? null;
  const parentOf = (c: Category): Parent | null => (c.parent_slug ? parent(c.parent_slug) : null);
  const view = (mode: SearchMode, c: Category | null, p: Parent | null, k: County | null, pattern: number): ListingView => {
    const path = listingPath(mode, c, p, k);
    const canonical = listingPath('category', c, p, k);
    return { mode, category: c, parent: p, county: k, catSlug: c?.slug ?? p?.slug ?? '', tagSlug: k?.slug ?? '', pattern, path, canonicalPath: canonical !== path ? canonical : null };
  };
  const [a, b, c] = match.segments;

  switch (match.kind) {
    case 'home':
      return view('category', null, null, null, 7);
    case 'single': {
      // /{category_slug} listings exist on the multi-user site only.
      const only = site === 'multi' ? cat(a) : null;
      return only ? view('category', only, null, null, 1) : null;
    }
    case 'categories': {
      if (match.segments.length === 1) {
        if (a === allCategoriesSlug) return view('category', null, null, null, 7);
        const p = parent(a);
        if (p) return view('category', null, p, null, 1);
        const one = cat(a);
        return one && !one.is_child ? view('category', one, null, null, 1) : null;
      }
      if (match.segments.length === 2) {
        const p = parent(a);
        const child = p ? cat(b) : null;
        if (p && child && child.parent_slug === p.slug) return view('category', child, p, null, 3);
        const k = county(b);
        if (!k) return null;
        if (p) return view('category', null, p, k, 2);
        const one = cat(a);
        return one && !one.is_child ? view('category', one, null, k, 2) : null;
      }
      const p = parent(a);
      const child = cat(b);
      const k = county(c);
      return p && child && child.parent_slug === p.slug && k ? view('category', child, p, k, 4) : null;
    }
    case 'counties': {
      const k = a === ALL_COUNTIES_SLUG ? null : county(a);
      if (!k && a !== ALL_COUNTIES_SLUG) return null;
      if (match.segments.length === 1) return view('county', null, null, k, k ? 5 : 9);
      const p = parent(b);
      if (p) return view('county', null, p, k, 6);
      const one = cat(b);
      return one ? view('county', one, parentOf(one), k, 6) : null;
    }
  }
}

/** Home, then the parent group, the category and the county of a listing, as named links. */
export function breadcrumbs(v: ListingView, siteName: string): { name: string; path: string }[] {
  const out = [{ name: siteName, path: '/' }];
  if (v.mode === 'county') {
    if (v.county) out.push({ name: v.county.name, path: listingPath('county', null, null, v.county) });
    if (v.category || v.parent) out.push({ name: (v.category ?? v.parent)!.name, path: v.path });
    return out;
  }
  if (v.parent) out.push({ name: v.parent.name, path: listingPath('category', null, v.parent, null) });
  if (v.category) out.push({ name: v.category.name, path: listingPath('category', v.category, v.parent, null) });
  if (v.county) out.push({ name: v.county.name, path: v.path });
  return out;
}

export function withPrice(path: string, price: PriceType | null): string {
  return price ? `${path}?price=${price}` : path;
}

/** A search by date: the day, and the morning or afternoon (null: the whole day). */
export interface DateSearch {
  date: string;
  slot: CalendarSlot | null;
}

/** The query of a search by date ('date=2027-06-20&slot=am'), or '' without one. */
export function dateQuery(date: DateSearch | null): string {
  return date ? `date=${date.date}${date.slot ? `&slot=${date.slot}` : ''}` : '';
}

export function parsePrice(value: unknown): PriceType | null {
  return typeof value === 'string' && (PRICE_TYPES as readonly string[]).includes(value) ? (value as PriceType) : null;
}

/**
 * The heading of a listing (category name, site title, or county name plus short site title), in the
 * language of t; `countyIn` is the county as it reads after "in" in that language (lib/taxonomy.server.ts).
 */
export function listingTitle(v: ListingView, site: Site, t: Translator['_'], countyIn: string): string {
  const { siteName, shortSiteName } = SITE_NAMES[site];
  const what = v.category?.name ?? v.parent?.name ?? null;
  if (v.mode === 'county' && !what) return v.county ? t('listing.countyTitle', { county: v.county.name, shortSiteName }) : siteName;
  if (what && v.county) return t('listing.inCounty', { what, county: v.county.name, countyIn });
  return what ?? siteName;
}

/**
 * Trims a post to what a card shows; the multi-user site uses the wide 680x382 image. `imageSrcset`: cardSrcset of
 * lib/srcsets.ts, passed in so that only the pages that build cards carry the srcset builder in their scripts; the
 * county's name in the page's language (countyNameIn of @directory/domain), which the cards chunk does not carry.
 * Its rating comes from cardRating (lib/card-rating.ts), which its callers add.
 */
export function toCard(p: Post, site: Site, imageSrcset: string, countyName: string, priceFrom: string): Omit<CardPost, 'rating'> {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    categorySlug: p.category_slug,
    countyName,
    area: p.vitals.area,
    image: site === 'multi' ? p.images.card_wide : p.images.card,
    imageSrcset,
    hasVideo: Boolean(p.youtube1_id),
    priceFrom,
    latitude: p.vitals.latitude,
    longitude: p.vitals.longitude,
  };
}

/** Case-insensitive "contains" over slugs and names, as the dialogs' 'Refine your search...' box does. */
export function refine<T extends { slug: string; name: string }>(items: T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return items;
  return items.filter((i) => i.slug.toLowerCase().includes(q) || i.name.toLowerCase().includes(q));
}
