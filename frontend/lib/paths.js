// Plain JavaScript so the site server (sitemap) and the pages share one definition.

/**
 * Profile paths per site (spec section 2): /profile/{slug}, /{slug} on cliste, /{category_slug}/{slug} on multi.
 * @param {'church' | 'cliste' | 'multi'} site
 * @param {{ slug: string, categorySlug: string }} post
 * @returns {string}
 */
export function profilePath(site, post) {
  if (site === 'cliste') return `/${post.slug}`;
  if (site === 'multi') return `/${post.categorySlug}/${post.slug}`;
  return `/profile/${post.slug}`;
}
