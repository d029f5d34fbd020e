import type { PageContextServer } from 'vike/types';
import { createI18n, pageMessages } from '../lib/i18n.server';
import { splitLang } from '../lib/lang';

/**
 * Each page context gets its own translator and the texts the browser will need: the layout's, its site's and its
 * page's namespaces (`messages` in a page's +config.ts), in the language of its URL.
 */
export function onCreatePageContext(pageContext: PageContextServer) {
  // The error page's context is made afresh, without what +onBeforeRoute set: its URL is still the original one.
  pageContext.lang ??= splitLang(pageContext.urlPathname).lang;
  const namespaces = ['layout', `site.${pageContext.site.site}`, ...(pageContext.config.messages ?? []).flat()];
  pageContext.messages = pageMessages(pageContext.lang, namespaces);
  pageContext.i18n = createI18n(pageContext.lang, pageContext.messages);
}
