import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express from 'express';
import { renderPage } from 'vike/server';
import type { ViteDevServer } from 'vite';
import { adminRoutes } from './admin.js';
import { installApiClient } from './api-client.js';
import type { SiteConfig } from './config.js';
import { contentSecurityPolicy, newNonce, securityHeaders } from './headers.js';
import { siteHealth } from './health.js';
import { createSiteLogger, logErrors, requestLog } from './request-log.js';
import { robotsTxt, sitemapXml } from './seo.js';
import { apiDataVersion, PageCache, type PageCacheState, type PageRender, pageKey } from './page-cache.js';
import { currentSession, mayBeSignedIn, sessionRoutes } from './session.js';

/** frontend/: this file runs compiled, as frontend/dist/server-node/server/app.js. */
const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The site server: health probes, static assets, then every other GET rendered by Vike. beginShutdown() turns /readyz to
 * 503 for a stop that lets balancers notice before the server closes.
 */
export async function createSiteServer(config: SiteConfig, { dev = false }: { dev?: boolean } = {}) {
  const log = createSiteLogger(config.logLevel);
  installApiClient();
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestLog(log));
  app.use(compression());
  app.use(securityHeaders);
  // Before the assets, the admin app and the pages' catch-all, which would otherwise render /healthz as a 404 page.
  const health = siteHealth(config.apiInternalOrigin);
  app.use(health.router);
  // Vite's development scripts are inline and carry no nonce: there the policy only reports.
  const cspHeader = dev ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy';

  let vite: ViteDevServer | undefined;
  if (dev) {
    const { createServer } = await import('vite');
    vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
    app.use(vite.middlewares);
  } else {
    // Built assets carry a content hash in their names, so browsers may keep them for a year.
    app.use('/assets', express.static(join(root, 'dist/client/assets'), { immutable: true, maxAge: '1y', index: false }));
    app.use(express.static(join(root, 'dist/client'), { index: false, maxAge: '1h' }));
  }

  // The admin app, built beside the site (admin/dist); in the Docker image it is copied to the same place.
  app.use('/admin', adminRoutes(config, join(root, '../admin/dist')));
  app.use('/session', sessionRoutes(config));
  app.get('/robots.txt', (_req, res) => res.type('text/plain').send(robotsTxt(config.site)));
  app.get('/sitemap.xml', async (_req, res, next) => {
    try {
      // Not kept by nginx or crawlers past the next request (they revalidate by ETag): the site follows the data version.
      res.type('application/xml').set('Cache-Control', 'no-cache').send(await sitemapXml(config.site, config.apiInternalOrigin));
    } catch (err) {
      next(err);
    }
  });

  // Anonymous pages kept per URL and data version (page-cache.ts); PAGE_CACHE=off renders every request.
  const pageCache = config.pageCache.enabled
    ? new PageCache({
        maxBytes: config.pageCache.maxBytes,
        checkMs: config.pageCache.checkMs,
        readVersion: apiDataVersion(config.apiInternalOrigin),
        onError: (err) => console.error('page cache:', err instanceof Error ? err.message : err),
      })
    : null;

  // The policy is the same for every page but its nonce: built once, cut where the nonce goes.
  const csp = contentSecurityPolicy(config.site, '\0').split('\0');

  /**
   * Renders url for session with a nonce of its own, the body cut at it (each answer joins it with a fresh one).
   * Renders that may be shared get no request headers: nothing but the URL may shape them.
   */
  const render =
    (url: string, headersOriginal: Record<string, string | string[] | undefined>, session: Awaited<ReturnType<typeof currentSession>>) =>
    async (): Promise<PageRender> => {
      const nonce = newNonce();
      const { httpResponse } = await renderPage({
        urlOriginal: url,
        headersOriginal,
        cspNonce: nonce,
        site: config.site,
        apiInternalOrigin: config.apiInternalOrigin,
        // user is passed to the browser; accessToken stays on the server (see passToClient).
        ...session,
      });
      if (!httpResponse) return { page: null, cacheable: false };
      const body = await httpResponse.getBody();
      // Vike's own policy names the scripts only: ours is set per answer below.
      const headers = httpResponse.headers.filter(([name]) => name.toLowerCase() !== 'content-security-policy');
      return { page: { status: httpResponse.statusCode, headers, parts: body.split(nonce) }, cacheable: httpResponse.statusCode < 500 };
    };

  app.get('/{*path}', async (req, res, next) => {
    try {
      let answer: { page: PageRender['page']; state: PageCacheState };
      let personal = false;
      if (pageCache && !mayBeSignedIn(req)) {
        const key = pageKey(req);
        answer = await pageCache.serve(key, render(key, {}, { user: null, accessToken: null }));
      } else {
        const session = await currentSession(config, req, res);
        answer = { page: (await render(req.originalUrl, req.headers, session)()).page, state: 'bypass' };
        // A page rendered for a signed-in user (their header, an admin's hidden listings) or one that sets or clears
        // session cookies is theirs alone: no shared cache may keep it for anyone else, whatever a page's own setting.
        personal = !!session.user || res.hasHeader('Set-Cookie');
      }
      const { page, state } = answer;
      if (!page) return next();
      const nonce = newNonce();
      const body = page.parts.join(nonce);
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.setHeader(cspHeader, csp.join(nonce));
      res.setHeader('X-Page-Cache', state);
      if (personal) res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.status(page.status).end(body);
    } catch (err) {
      next(err);
    }
  });
  app.use(logErrors(log));
  return { app, log, beginShutdown: health.beginShutdown, close: () => vite?.close() };
}
