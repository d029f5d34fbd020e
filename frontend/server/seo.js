import { profilePath } from '@directory/domain';
import { fetchApi } from '../lib/fetch-api.js';

/** /robots.txt: everything open in production; nothing to crawl on stage. */
export function robotsTxt(site) {
  if (site.stage) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.siteOrigin}/sitemap.xml\n`;
}

const TTL_MS = 10 * 60_000;
let cached = null;

/** /sitemap.xml: every published profile, category, county and article page, built from the API and kept 10 minutes. */
export async function sitemapXml(site, apiOrigin) {
  const key = `${site.site} ${apiOrigin}`;
  if (cached && cached.key === key && cached.expires > Date.now()) return cached.xml;
  const get = async (path) => {
    const res = await fetchApi(`${apiOrigin}${path}`);
    if (!res.ok) throw new Error(`API ${path} answered ${res.status}`);
    return res.json();
  };
  const [profiles, categories, parents, counties, articles] = await Promise.all([
    get('/api/profiles/'),
    get('/api/categories/'),
    get('/api/parent-categories/'),
    get('/api/counties/'),
    get('/api/articles/'),
  ]);
  const urls = [
    { path: '/' },
    { path: '/categories' },
    { path: '/counties' },
    { path: '/map' },
    { path: '/articles' },
    ...parents.map((p) => ({ path: `/categories/${p.slug}` })),
    ...categories.map((c) => ({ path: c.parent_slug ? `/categories/${c.parent_slug}/${c.slug}` : `/categories/${c.slug}` })),
    ...counties.map((c) => ({ path: `/counties/${c.slug}` })),
    ...profiles.map((p) => ({ path: profilePath(site.site, { slug: p.slug, categorySlug: p.category_slug }), lastmod: p.updated_at })),
    ...articles.map((a) => ({ path: `/articles/${a.slug}`, lastmod: a.updated_at })),
  ];
  const xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls
      .map((u) => `  <url><loc>${escapeXml(site.siteOrigin + u.path)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`)
      .join('\n') +
    '\n</urlset>\n';
  cached = { key, xml, expires: Date.now() + TTL_MS };
  return xml;
}

const escapeXml = (s) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);
