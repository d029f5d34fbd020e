import type { Site } from './sites.js';

/** Every slug (category, county, post, article): lowercase words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The slug pattern without its anchors, for patterns that embed a slug (file names, "id or slug"). */
export const SLUG_SOURCE = SLUG_PATTERN.source.slice(1, -1);

/** Fixed by the spec: /counties/all-counties shows every county. */
export const ALL_COUNTIES_SLUG = 'all-counties';

/** Cliste profile paths are a single segment that starts with one of these (spec section 2). */
export const CLISTE_PROFILE_PREFIXES: string[] = ['school-tours-', 'school-workshops-'];

/** Profile paths per site (spec section 2): /profile/{slug}, /{slug} on cliste, /{category_slug}/{slug} on multi. */
export function profilePath(site: Site, post: { slug: string; categorySlug: string }): string {
  if (site === 'cliste') return `/${post.slug}`;
  if (site === 'multi') return `/${post.categorySlug}/${post.slug}`;
  return `/profile/${post.slug}`;
}
