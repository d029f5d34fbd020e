import { redirect } from 'vike/abort';
import type { PageContext } from 'vike/types';

/** Draft previews need a signed-in lister. */
export function guard(pageContext: PageContext) {
  if (!pageContext.user) throw redirect(pageContext.site.stage ? '/log-in-stage' : '/log-in');
}
