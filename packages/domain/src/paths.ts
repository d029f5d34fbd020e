import type { Site } from './sites.js';

/** Every slug (category, county, post, article): lowercase words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/**
 * The slug pattern without its anchors, for patterns that embed a slug (file names, "id or slug"). Marked pure so
 * that bundles which do not use it (the site's pages) leave the call out.
 */
export const SLUG_SOURCE = /* @__PURE__ */ SLUG_PATTERN.source.slice(1, -1);

/** Fixed by the spec: /counties/all-counties shows every county. */
export const ALL_COUNTIES_SLUG = 'all-counties';

/** Cliste profile paths are a single segment that starts with one of these. */
export const CLISTE_PROFILE_PREFIXES: string[] = ['school-tours-', 'school-workshops-'];

/** Profile paths per site: /profile/{slug}, /{slug} on cliste, /{category_slug}/{slug} on multi. */
export function profilePath(site: Site, post: { slug: string; categorySlug: string }): string {
  if (site === 'cliste') return `/${post.slug}`;
  if (site === 'multi') return `/${post.categorySlug}/${post.slug}`;
  return `/profile/${post.slug}`;
}

/** A title as slug words: accents dropped, '&' read as 'and', anything else between words a single hyphen. */
export const slugify = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * The slug a new post's title gives on a site, before it is made unique: on cliste it carries the tours or workshops
 * prefix of its category (as the seed's do), so its profile path is a single segment the site recognises.
 */
export function postSlugBase(site: Site, categorySlug: string, title: string): string {
  const words = slugify(title).replace(/^school-(tours|workshops)-/, '');
  if (site !== 'cliste') return words;
  const [tours, workshops] = CLISTE_PROFILE_PREFIXES;
  return (categorySlug.startsWith(tours) ? tours : workshops) + words;
}
