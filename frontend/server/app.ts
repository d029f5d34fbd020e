import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import express, { type Response } from 'express';
import { renderPage } from 'vike/server';
import type { ViteDevServer } from 'vite';
import { adminRoutes } from './admin.js';
import { installApiTransport } from './api-transport.js';
import type { SiteConfig } from './config.js';
import { contentSecurityPolicy, newNonce, securityHeaders } from './headers.js';
import { siteHealth } from './health.js';
import { createSiteLogger, logErrors, requestLog } from './request-log.js';
import { scriptsAfterPaint } from './scripts-after-paint.js';
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
  installApiTransport(config.stageKey);
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
    // The other public files (public/ as built): only their own paths reach the static handler, so a page request
    // costs no stat of the disk (a cold listing render spent about 3% of its time there).
    const clientDir = join(root, 'dist/client');
    const files = publicFiles(clientDir);
    const serveFile = express.static(clientDir, { index: false, maxAge: '1h' });
    app.use((req, res, next) => (files.has(req.path) ? serveFile(req, res, next) : next()));
    // Vite's development server answers these; in production nothing does, and Vike refuses to render them (it throws,
    // a 500): a plain 404, as for any other path that is no page.
    app.use((req, res, next) => (isViteDevPath(req.path) ? res.status(404).type('text/plain').send('Not found') : next()));
  }

  // The admin app, built beside the site (admin/dist); in the Docker image it is copied to the same place.
  app.use('/admin', adminRoutes(config, join(root, '../admin/dist')));
  app.use('/session', sessionRoutes(config));
  app.get('/robots.txt', (_req, res) => res.type('text/plain').send(robotsTxt(config.site)));
  app.get('/sitemap.xml', async (_req, res, next) => {
    // Nothing of the stage is listed for anyone: its pages are for the team, signed in.
    if (config.site.stage) return void res.status(404).type('text/plain').send('Not found');
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
   * Renders url for session with a nonce of its own. A render that may be kept comes back cut at the nonce (each
   * answer joins it with a fresh one); one answered once only (`whole`) comes back in one piece with its nonce.
   * Bodies are UTF-8 bytes: converted once here, not again for every answer and its Content-Length.
   * Renders that may be shared get no request headers: nothing but the URL may shape them.
   */
  const render =
    (url: string, headersOriginal: Record<string, string | string[] | undefined>, session: Awaited<ReturnType<typeof currentSession>>, whole = false) =>
    async (): Promise<PageRender & { nonce: string }> => {
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
      if (!httpResponse) return { page: null, cacheable: false, nonce };
      // The page's JavaScript is fetched once the page is painted (scripts-after-paint.ts).
      const body = scriptsAfterPaint(await httpResponse.getBody());
      // Vike's own policy names the scripts only: ours is set per answer below.
      const headers = httpResponse.headers.filter(([name]) => name.toLowerCase() !== 'content-security-policy');
      const parts = whole ? [Buffer.from(body)] : splitAt(Buffer.from(body), Buffer.from(nonce));
      return { page: { status: httpResponse.statusCode, headers, parts }, cacheable: httpResponse.statusCode < 500, nonce };
    };

  app.get('/{*path}', async (req, res, next) => {
    try {
      let answer: { page: PageRender['page']; state: PageCacheState };
      let nonce: string;
      let personal = false;
      if (pageCache && !mayBeSignedIn(req)) {
        const key = pageKey(req);
        answer = await pageCache.serve(key, render(key, {}, { user: null, accessToken: null }));
        nonce = newNonce();
      } else {
        const session = await currentSession(config, req, res);
        const rendered = await render(req.originalUrl, req.headers, session, true)();
        answer = { page: rendered.page, state: 'bypass' };
        nonce = rendered.nonce;
        // A page rendered for a signed-in user (their header, an admin's hidden listings) or one that sets or clears
        // session cookies is theirs alone: no shared cache may keep it for anyone else, whatever a page's own setting.
        personal = !!session.user || res.hasHeader('Set-Cookie');
      }
      const { page, state } = answer;
      if (!page) return next();
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.setHeader(cspHeader, csp.join(nonce));
      res.setHeader('X-Page-Cache', state);
      if (personal) res.setHeader('Cache-Control', 'private, no-store');
      sendParts(res.status(page.status), page.parts, nonce);
    } catch (err) {
      next(err);
    }
  });
  app.use(logErrors(log));
  return { app, log, beginShutdown: health.beginShutdown, close: () => vite?.close() };
}

/** The paths of Vite's development server (its client, its file system, its ping), encoded or not. */
const VITE_DEV_PATH = /^\/(?:@vite\/|@fs\/|@id\/|@react-refresh|__vite_ping)/;
function isViteDevPath(path: string): boolean {
  if (VITE_DEV_PATH.test(path)) return true;
  try {
    return VITE_DEV_PATH.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/**
 * Answers a body cut at its nonce, joined with nonce. The kept parts are written as they are, not copied into one
 * body per answer: a page hit allocates next to nothing (a 70 to 80 KB copy per hit made each site process's memory
 * swing by 100 MB and more under the 200-connection load run).
 */
function sendParts(res: Response, parts: Buffer[], nonce: string): void {
  if (parts.length === 1) {
    res.setHeader('Content-Length', parts[0].length);
    res.end(parts[0]);
    return;
  }
  const glue = Buffer.from(nonce);
  res.setHeader('Content-Length', parts.reduce((n, part) => n + part.length, glue.length * (parts.length - 1)));
  // One writev for the whole body.
  res.cork();
  res.write(parts[0]);
  for (let i = 1; i < parts.length; i++) {
    res.write(glue);
    res.write(parts[i]);
  }
  res.end();
  res.uncork();
}

/** The URL paths of the files under dir (dot-files and the hashed assets/, served on their own, left out). */
function publicFiles(dir: string): Set<string> {
  const paths = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep);
    if (path[0] === 'assets' || path.some((segment) => segment.startsWith('.'))) continue;
    paths.add(`/${path.map(encodeURIComponent).join('/')}`);
  }
  return paths;
}

/**
 * bytes cut at each sep, as views of the one buffer: small parts made on their own would sit in Node's shared 8 KB
 * pool and hold whole slabs, beyond what PAGE_CACHE_MB counts.
 */
function splitAt(bytes: Buffer, sep: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(sep); at >= 0; at = bytes.indexOf(sep, start)) {
    parts.push(bytes.subarray(start, at));
    start = at + sep.length;
  }
  parts.push(bytes.subarray(start));
  return parts;
}
