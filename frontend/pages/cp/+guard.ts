import { redirect } from 'vike/abort';
import type { PageContext } from 'vike/types';

/** The control panel needs a signed-in lister: others go to /log-in, or /log-in-stage on stage. */
export function guard(pageContext: PageContext) {
  if (!pageContext.user) throw redirect(pageContext.site.stage ? '/log-in-stage' : '/log-in');
}
