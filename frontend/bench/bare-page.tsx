/**
 * The benchmark's baseline (bench/bench.js): the listing page's React tree, the site's own components (pages/+Layout
 * and pages/listing/+Page under vike-react's page context provider, as vike-react nests them), rendered with React's
 * renderToString from data kept in memory. No document shell, head, scripts or serialised page context, no Vike,
 * no Express: what a page render cannot be faster than. Built by bench.js with Vite for Node (dist/bench/).
 */
import { renderToString } from 'react-dom/server';
import { VikeReactProviderPageContext } from 'vike-react/usePageContext';
import type { PageContext } from 'vike/types';
import Layout from '../pages/+Layout';
import Page from '../pages/listing/+Page';
import { data } from '../pages/listing/+data';
import { route } from '../pages/listing/+route';
import type { PublicSiteConfig } from '../lib/types';

/** The page context a render of path needs, its data loaded once from the API by the page's own +data. */
export async function loadPageContext(path: string, site: PublicSiteConfig, apiInternalOrigin: string): Promise<PageContext> {
  const url = new URL(path, 'http://localhost');
  const base = { site, apiInternalOrigin, user: null, accessToken: null, urlPathname: url.pathname, urlOriginal: path, pageId: '/pages/listing' };
  const routed = route(base as unknown as PageContext);
  if (!routed) throw new Error(`${path} is not a listing page`);
  const pageContext = { ...base, routeParams: routed.routeParams, urlParsed: { pathname: url.pathname, search: Object.fromEntries(url.searchParams) } } as unknown as PageContext;
  return { ...pageContext, data: await data(pageContext) } as PageContext;
}

export const render = (pageContext: PageContext): string =>
  renderToString(
    <VikeReactProviderPageContext pageContext={pageContext}>
      <Layout>
        <Page />
      </Layout>
    </VikeReactProviderPageContext>,
  );
