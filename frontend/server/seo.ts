import { type ArticleSummaryDto, type CategoryDto, type CountyDto, type ParentCategoryDto, type ProfileDto, profilePath } from '@directory/domain';
import { DEFAULT_LANG, LANG_TAG, langPath, LANGS } from '../lib/lang.js';
import type { PublicSiteConfig } from '../lib/types.js';
import { serverApi } from './api-transport.js';
import { apiDataVersion } from './page-cache.js';

/** /robots.txt: everything open in production; nothing to crawl on stage. */
export function robotsTxt(site: PublicSiteConfig): string {
  if (site.stage) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n\nSitemap: ${site.siteOrigin}/sitemap.xml\n`;
}

/** A sitemap kept this long at an unchanged data version is still answered, and rebuilt behind (as the page cache). */
export const SITEMAP_MAX_AGE_MS = 10 * 60_000;

/**
 * The sitemap, kept per data version (GET /api/data-version/, moved by every write that changes public data), as the
 * page cache keeps pages: a published, hidden or deleted listing shows in the very next sitemap. Each request asks the
 * version (one small call; crawlers ask rarely); at the kept version the kept sitemap is answered (one older than
 * SITEMAP_MAX_AGE_MS is answered and rebuilt behind), at a moved one the request waits for the rebuild, which the
 * requests at that version share. The API unreachable, or a rebuild failing, answers the last sitemap built, if any:
 * a crawler gets a slightly old one rather than an error.
 */
export class SitemapCache {
  private kept: { xml: string; version: string; at: number } | null = null;
  private readonly builds = new Map<string, Promise<string>>();

  constructor(
    private readonly build: () => Promise<string>,
    private readonly readVersion: () => Promise<string>,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async get(): Promise<string> {
    const version = await this.readVersion().catch(() => null);
    const kept = this.kept;
    if (kept && (version === null || version === kept.version)) {
      if (this.now() - kept.at >= SITEMAP_MAX_AGE_MS) this.buildAt(kept.version).catch(() => undefined);
      return kept.xml;
    }
    // No version known and nothing kept: built for this request alone.
    if (version === null) return this.build();
    try {
      return await this.buildAt(version);
    } catch (err) {
      if (kept) return kept.xml;
      throw err;
    }
  }

  /** One build per version at a time; a build started at version v holds at least v's data, so it is kept as of v. */
  private buildAt(version: string): Promise<string> {
    let pending = this.builds.get(version);
    if (!pending) {
      pending = this.build()
        .then((xml) => {
          this.kept = { xml, version, at: this.now() };
          return xml;
        })
        .finally(() => this.builds.delete(version));
      this.builds.set(version, pending);
    }
    return pending;
  }
}

const sitemaps = new Map<string, SitemapCache>();

/** /sitemap.xml: every published profile, category, county and article page in English and in Irish, built from the API. */
export function sitemapXml(site: PublicSiteConfig, apiOrigin: string): Promise<string> {
  const key = `${site.site} ${site.siteOrigin} ${apiOrigin}`;
  let cache = sitemaps.get(key);
  if (!cache) sitemaps.set(key, (cache = new SitemapCache(() => buildSitemap(site, apiOrigin), apiDataVersion(apiOrigin))));
  return cache.get();
}

async function buildSitemap(site: PublicSiteConfig, apiOrigin: string): Promise<string> {
  const api = serverApi(apiOrigin);
  const get = async <T>(path: string): Promise<T> => (await api.get<T>(path)).body;
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
  // Every page in both languages, each naming its twins (hreflang), as the pages' own <link rel="alternate"> do.
  const alternates = (path: string) =>
    [...LANGS.map((l) => [LANG_TAG[l], langPath(l, path)]), ['x-default', langPath(DEFAULT_LANG, path)]]
      .map(([tag, href]) => `<xhtml:link rel="alternate" hreflang="${tag}" href="${escapeXml(site.siteOrigin + href)}"/>`)
      .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls
      .flatMap((u) =>
        LANGS.map(
          (l) =>
            `  <url><loc>${escapeXml(site.siteOrigin + langPath(l, u.path))}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}${alternates(u.path)}</url>`,
        ),
      )
      .join('\n') +
    '\n</urlset>\n'
  );
}

const XML_ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' };
const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => XML_ENTITIES[c]);
