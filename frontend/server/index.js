import { loadSiteConfig } from './config.js';
import { createSiteServer } from './app.js';

// `node server/index.js` serves the production build; `--dev` serves from source with Vite.
try {
  const config = loadSiteConfig();
  const dev = process.argv.includes('--dev');
  const { app } = await createSiteServer(config, { dev });
  app.listen(config.port, () => console.log(`Site (${config.site.site}) on ${config.site.siteOrigin}, API at ${config.site.apiOrigin}`));
} catch (err) {
  console.error(err.message ?? err);
  process.exit(1);
}
