import { createServer } from 'node:http';

/**
 * The baseline server of bench/bench.js: node:http answering each request with a fresh renderToString of a listing
 * page (bench/bare-page.tsx) whose data was loaded once at start. Run with NODE_ENV=production.
 * Arguments: the built bare-page bundle, the port, the API origin, the site (church, cliste, multi), then the paths.
 */
const [bundle, port, apiOrigin, siteName, ...paths] = process.argv.slice(2);
const { loadPageContext, render } = await import(bundle);
const { loadSiteConfig } = await import('../dist/server-node/server/config.js');
const { site } = loadSiteConfig({ SITE: siteName, API_ORIGIN: apiOrigin });
const contexts = new Map();
for (const path of paths) contexts.set(path, await loadPageContext(path, site, apiOrigin));

createServer((req, res) => {
  const pageContext = contexts.get(req.url);
  if (!pageContext) return void res.writeHead(404).end();
  const html = render(pageContext);
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html) }).end(html);
}).listen(Number(port), () => process.send?.('ready'));
