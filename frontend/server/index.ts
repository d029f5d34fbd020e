import { loadSiteConfig } from './config.js';

// `node dist/server-node/server/index.js` (npm start) serves the production build; `--dev` (npm run dev) serves the
// pages from source with Vite. React and Vike need NODE_ENV=production to render fast; whether this is the live site
// is SITE_ENV's business.
const dev = process.argv.includes('--dev');
if (!dev) process.env.NODE_ENV = 'production';

try {
  const config = loadSiteConfig();
  const { createSiteServer } = await import('./app.js');
  const { app, log, beginShutdown } = await createSiteServer(config, { dev });
  const server = app.listen(config.port, () => log.info(`Site (${config.site.site}) on ${config.site.siteOrigin}, API at ${config.site.apiOrigin}`));
  // docker stop / a deploy: /readyz answers 503 from now on, new connections are refused, and the process exits once the
  // requests in flight have been answered (idle keep-alive connections are closed by server.close()).
  process.once('SIGTERM', () => {
    beginShutdown();
    server.close(() => process.exit(0));
    // Before Docker's SIGKILL (10 s after SIGTERM): a request still unanswered by then is cut, and the exit says so.
    setTimeout(() => process.exit(1), 8_000).unref();
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
