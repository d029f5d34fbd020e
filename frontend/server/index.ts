import { loadSiteConfig } from './config.js';

// `node dist/server-node/server/index.js` (npm start) serves the production build; `--dev` (npm run dev) serves the
// pages from source with Vite. React and Vike need NODE_ENV=production to render fast; whether this is the live site
// is SITE_ENV's business.
const dev = process.argv.includes('--dev');
if (!dev) process.env.NODE_ENV = 'production';

try {
  const config = loadSiteConfig();
  const { createSiteServer } = await import('./app.js');
  const { app, log } = await createSiteServer(config, { dev });
  app.listen(config.port, () => log.info(`Site (${config.site.site}) on ${config.site.siteOrigin}, API at ${config.site.apiOrigin}`));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
