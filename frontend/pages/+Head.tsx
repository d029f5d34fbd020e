import { usePageContext } from 'vike-react/usePageContext';
import { DEFAULT_LANG, LANG_TAG, langPath, LANGS } from '../lib/lang';
// The whole stylesheet (about 4 KB gzipped) goes inline in every page rather than as a <link>: a stylesheet link
// blocks the first paint for a round trip (Lighthouse's render-blocking finding), and client-side navigation keeps
// this <head>, so later pages have it too. Head runs on the server only, so the CSS is not in the browser's bundle.
import globalCss from '../styles/global.css?inline';

/**
 * Every page names its canonical address in its own language and its twin in each language (hreflang, with English
 * as x-default), from the page's `canonical` setting or else its path, without the query.
 */
export default function Head() {
  const pageContext = usePageContext();
  const { cspNonce, site, lang } = pageContext;
  const path = pageContext.config.canonical?.(pageContext) ?? pageContext.urlPathname;
  const url = (l: typeof lang) => `${site.siteOrigin}${langPath(l, path)}`;
  // The 404 and error page (is404 true or false) is no address of its own: no canonical, no twins.
  const errorPage = typeof pageContext.is404 === 'boolean';
  return (
    <>
      <meta name="theme-color" content="#1d4e5f" />
      <link rel="icon" href="data:," />
      {!errorPage && (
        <>
          <link rel="canonical" href={url(lang)} />
          {LANGS.map((l) => (
            <link key={l} rel="alternate" hrefLang={LANG_TAG[l]} href={url(l)} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={url(DEFAULT_LANG)} />
        </>
      )}
      <style nonce={cspNonce ?? undefined} dangerouslySetInnerHTML={{ __html: globalCss }} />
    </>
  );
}
