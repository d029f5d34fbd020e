import type { PageContext } from 'vike/types';
import { splitLang } from '../lib/lang';

/**
 * The language is the URL's: /ga/... is Irish, everything else English. Routing then sees the path without the
 * prefix (Vike's urlLogical, https://vike.dev/i18n), so every page answers under both with the same route.
 * Runs on the server and, for client-side navigation, in the browser.
 */
export function onBeforeRoute(pageContext: PageContext) {
  const { lang, path } = splitLang(pageContext.urlPathname);
  if (path === pageContext.urlPathname) return { pageContext: { lang } };
  return { pageContext: { lang, urlLogical: `${path}${pageContext.urlParsed.searchOriginal ?? ''}` } };
}
