import { redirect } from 'vike/abort';
import type { PageContext } from 'vike/types';

/** On stage every page needs a signed-in user (spec section 2); the stage login page itself stays open. */
export function guard(pageContext: PageContext) {
  if (!pageContext.site.stage || pageContext.user) return;
  if (pageContext.urlPathname === '/log-in-stage') return;
  throw redirect('/log-in-stage');
}
