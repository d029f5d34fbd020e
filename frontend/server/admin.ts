import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';
import type { SiteConfig } from './config.js';

/**
 * The admin app (admin/, react-admin) as static files under /admin/: hashed assets kept a year, every other path
 * answered with index.html so the app's own routes (/admin/users/12) load on refresh, and /admin/config.json telling
 * the app where the API is (this server's API_ORIGIN), so one build serves every environment.
 */
export function adminRoutes(config: SiteConfig, adminDir: string): Router {
  const router = express.Router();
  const index = join(adminDir, 'index.html');
  const policy = adminContentSecurityPolicy(config.site.apiOrigin);

  router.get('/config.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ apiOrigin: config.site.apiOrigin, siteOrigin: config.site.siteOrigin });
  });
  router.use('/assets', express.static(join(adminDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  router.get('/{*path}', (req, res) => {
    // Without the trailing slash the app's relative URLs would resolve against /.
    if (req.originalUrl === '/admin') return res.redirect(301, '/admin/');
    if (!existsSync(index)) return res.status(404).type('text/plain').send('The admin app is not built: run `make build`.');
    res.set({ 'Cache-Control': 'no-cache', 'Content-Security-Policy': policy, 'X-Robots-Tag': 'noindex, nofollow' });
    res.sendFile(index);
  });
  return router;
}

/** Scripts from here only; calls and images to here and the API; MUI writes its styles inline. Never framed. */
export function adminContentSecurityPolicy(apiOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: ${apiOrigin}`,
    `connect-src 'self' ${apiOrigin}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
