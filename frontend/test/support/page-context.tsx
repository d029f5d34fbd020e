import type { ReactNode } from 'react';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import { createI18n, pageMessages } from '../../lib/i18n.server';
import type { Lang } from '../../lib/lang';
import { SITE_COPY } from '../../lib/site-copy';
import type { Site } from '../../lib/types';

/** The translator a page in lang on site gets, with the namespaces a page's config would ask for. */
export function translatorFor(lang: Lang, site: Site = 'church', namespaces: string[] = ['listing', 'cards', 'billing', 'cpreviews', 'reviews']) {
  return createI18n(lang, pageMessages(lang, ['layout', `site.${site}`, ...namespaces]));
}

/** element inside the page context of a page in lang on site, as Vike and vike-react give it to components. */
export function inPage(element: ReactNode, { lang = 'en', site = 'church' }: { lang?: Lang; site?: Site } = {}) {
  const pageContext = {
    lang,
    i18n: translatorFor(lang, site),
    urlPathname: '/',
    urlParsed: { searchOriginal: null },
    site: { site, copy: SITE_COPY[site], production: false, siteOrigin: 'http://site' },
  } as unknown as PageContext;
  return <VikeReactProviderPageContext pageContext={pageContext}>{element}</VikeReactProviderPageContext>;
}
