import { redirect } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { langPath } from '../lib/lang';

/** On stage every page needs a signed-in user; the stage login page itself stays open. */
export function guard(pageContext: PageContext) {
  if (!pageContext.site.stage || pageContext.user) return;
  if (pageContext.urlPathname === '/log-in-stage') return;
  throw redirect(langPath(pageContext.lang, '/log-in-stage'));
}
