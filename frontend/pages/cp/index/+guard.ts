import { redirect } from 'vike/abort';
import type { PageContext } from 'vike/types';

/** /cp opens the dashboard, once signed in. */
export function guard(pageContext: PageContext) {
  if (!pageContext.user) throw redirect(pageContext.site.stage ? '/log-in-stage' : '/log-in');
  throw redirect('/cp/dashboard');
}
