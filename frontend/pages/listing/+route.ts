import type { PageContext } from 'vike/types';
import { matchListing } from '../../lib/routes';

/**
 * Every listing URL shape. Slugs are checked against the taxonomy in +data (404 there);
 * filesystem routes such as /categories and /counties take precedence over this function.
 */
export function route(pageContext: PageContext) {
  const match = matchListing(pageContext.urlPathname);
  if (!match) return false;
  return {
    routeParams: { kind: match.kind, segments: match.segments.join('/') },
    // Single segments (/{category_slug} on multi) yield to any other page that claims them.
    precedence: match.kind === 'single' ? -1 : 0,
  };
}
