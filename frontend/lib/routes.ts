import { ALL_COUNTIES_SLUG, CLISTE_PROFILE_PREFIXES, type ParentCategoryDto, SLUG_PATTERN } from '@directory/domain';
import type { Category, County } from './types';

/*
 * The path matching of the listing and profile route functions (pages/listing/+route.ts, pages/profile/+route.ts),
 * and the paths of listings. Vike's client router runs every route function in the browser, so this module is in
 * every page's first JavaScript: it holds the paths only, and the rest of lib/listing.ts and lib/profile.ts loads
 * with the pages that use it (the page JavaScript budget, docs/performance.md).
 */

/** The listing URL shapes, before the category and county slugs are checked. */
export interface ListingMatch {
  kind: 'home' | 'categories' | 'counties' | 'single';
  segments: string[];
}

export function matchListing(pathname: string): ListingMatch | null {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return { kind: 'home', segments };
  if (!segments.every((s) => SLUG_PATTERN.test(s))) return null;
  const [first, ...rest] = segments;
  if (first === 'categories' && rest.length >= 1 && rest.length <= 3) return { kind: 'categories', segments: rest };
  if (first === 'counties' && rest.length >= 1 && rest.length <= 2) return { kind: 'counties', segments: rest };
  if (segments.length === 1) return { kind: 'single', segments };
  return null;
}

/** The profile paths, before the post is looked up. */
export interface ProfileMatch {
  slug: string;
  /** 'cliste' for /{school-...} paths, 'multi' for /{category_slug}/{slug}, null for /profile/{slug}. */
  variant: 'cliste' | 'multi' | null;
  categorySlug: string | null;
}

/** First segments that are never a category on the multi-user site. */
const RESERVED = new Set(['categories', 'counties', 'profile', 'articles', 'drafts', 'cp', 'admin', 'api', 'storage', 'map']);

export function matchProfile(pathname: string): ProfileMatch | null {
  const parts = pathname.split('/').filter(Boolean);
  if (!parts.every((p) => SLUG_PATTERN.test(p))) return null;
  if (parts.length === 2 && parts[0] === 'profile') return { slug: parts[1], variant: null, categorySlug: null };
  if (parts.length === 1 && CLISTE_PROFILE_PREFIXES.some((p) => parts[0].startsWith(p))) return { slug: parts[0], variant: 'cliste', categorySlug: null };
  if (parts.length === 2 && !RESERVED.has(parts[0])) return { slug: parts[1], variant: 'multi', categorySlug: parts[0] };
  return null;
}

export type SearchMode = 'category' | 'county';

/** Enough of a category to build its paths. */
export type CategoryRef = Pick<Category, 'slug' | 'is_child' | 'parent_slug'>;

/** The path of a listing: /categories/... in category mode, /counties/... in county mode. */
export function listingPath(mode: SearchMode, category: CategoryRef | null, parent: ParentCategoryDto | null, county: County | null): string {
  const catPart = category ? (category.is_child && category.parent_slug ? `${category.parent_slug}/${category.slug}` : category.slug) : parent?.slug;
  if (mode === 'county') {
    const base = `/counties/${county?.slug ?? ALL_COUNTIES_SLUG}`;
    const c = category?.slug ?? parent?.slug;
    return c ? `${base}/${c}` : base;
  }
  if (!catPart) return county ? `/counties/${county.slug}` : '/';
  return `/categories/${catPart}${county ? `/${county.slug}` : ''}`;
}
