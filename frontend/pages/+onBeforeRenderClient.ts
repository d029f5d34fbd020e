import type { PageContextClient } from 'vike/types';
import { messageReader } from '../lib/i18n';
import { COPY } from '../lib/copy';

/**
 * Before anything renders in the browser: the site texts that come with the page (PublicSiteConfig.copy,
 * lib/copy.ts), and the page's translator over the texts it was sent (lib/i18n.ts).
 */
export function onBeforeRenderClient(pageContext: PageContextClient) {
  const { site } = pageContext;
  COPY[site.site] = site.copy;
  pageContext.i18n = messageReader(pageContext.lang, pageContext.messages);
}
