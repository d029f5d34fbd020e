import { type ArticleSummaryDto, type CategoryDto, type CountyDto, type ParentCategoryDto, type ProfileDto, profilePath } from '@directory/domain';
import { TtlCache } from '@directory/server-kit';
import { fetchApi } from '../lib/fetch-api.js';
import type { PublicSiteConfig } from '../lib/types.js';

/** /robots.txt: everything open in production; nothing to crawl on stage. */
export function robotsTxt(site: PublicSiteConfig): string {
  if (site.stage) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.siteOrigin}/sitemap.xml\n`;
}

/**
 * The sitemap is rebuilt at most every 10 minutes; for a day after that the old one is still answered at once while
 * one rebuild runs (reading every profile takes a while on a large directory, and a crawler need not wait for it).
 */
const sitemaps = new TtlCache<string>(10 * 60_000, { staleMs: 24 * 3_600_000 });

/** /sitemap.xml: every published profile, category, county and article page, built from the API. */
export const sitemapXml = (site: PublicSiteConfig, apiOrigin: string): Promise<string> => sitemaps.get(`${site.site} ${apiOrigin}`, () => buildSitemap(site, apiOrigin));

async function buildSitemap(site: PublicSiteConfig, apiOrigin: string): Promise<string> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetchApi(`${apiOrigin}${path}`);
    if (!res.ok) throw new Error(`API ${path} answered ${res.status}`);
    return (await res.json()) as T;
  };
  const [profiles, categories, parents, counties, articles] = await Promise.all([
    get<ProfileDto[]>('/api/profiles/'),
    get<CategoryDto[]>('/api/categories/'),
    get<ParentCategoryDto[]>('/api/parent-categories/'),
    get<CountyDto[]>('/api/counties/'),
    get<ArticleSummaryDto[]>('/api/articles/'),
  ]);
  const urls: { path: string; lastmod?: string }[] = [
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
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls
      .map((u) => `  <url><loc>${escapeXml(site.siteOrigin + u.path)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`)
      .join('\n') +
    '\n</urlset>\n'
  );
}

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c]);
