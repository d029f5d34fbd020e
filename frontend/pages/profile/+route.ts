import type { PageContext } from 'vike/types';
import { matchProfile } from '../../lib/routes';

/** /profile/{slug} everywhere; /{school-...} on cliste and /{category_slug}/{slug} on multi (checked in +data). */
export function route(pageContext: PageContext) {
  const m = matchProfile(pageContext.urlPathname);
  if (!m) return false;
  return { routeParams: { slug: m.slug, variant: m.variant ?? '', categorySlug: m.categorySlug ?? '' } };
}
