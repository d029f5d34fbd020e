/*
 * The site's languages and their URLs: English where it always was, Irish under /ga with the same path after the
 * prefix. The route hook (pages/+onBeforeRoute.ts) runs in the browser too, so this module is in every page's first
 * JavaScript: it holds the paths only; the texts are in locales/ and reach the browser with each page (docs/i18n.md).
 */

export const LANGS = ['en', 'ga'] as const;
export type Lang = (typeof LANGS)[number];

/** The language of unprefixed URLs, and of hreflang's x-default. */
export const DEFAULT_LANG: Lang = 'en';

/** Each language's BCP 47 tag: the pages' `lang`, hreflang, and the locale the texts are formatted for. */
export const LANG_TAG: Record<Lang, string> = { en: 'en-IE', ga: 'ga-IE' };

/**
 * The cookie that remembers the visitor's choice (strictly necessary: it stores a preference the visitor set, nothing
 * else). Pages never read it: a page's language is its URL's, so links, crawlers and the page cache all see one
 * language per address.
 */
export const LANG_COOKIE = 'lang';

/** '/ga/categories/harpists' -> ga and '/categories/harpists'; '/ga' -> ga and '/'; any other path is English. */
export function splitLang(pathname: string): { lang: Lang; path: string } {
  return /^\/ga(\/|$)/.test(pathname) ? { lang: 'ga', path: pathname.slice(3) || '/' } : { lang: DEFAULT_LANG, path: pathname };
}

/** The address of path (with any query) in lang: '/' -> '/ga', '/counties?x=1' -> '/ga/counties?x=1'. */
export function langPath(lang: Lang, path: string): string {
  return lang === DEFAULT_LANG ? path : `/ga${path.replace(/^\/(?=\?|$)/, '')}`;
}
