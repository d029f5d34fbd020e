import { countyNameIn } from '@directory/domain';
import { query } from './api-client';
import type { Lang } from './lang';
import { toCard } from './listing';
import { siteApi } from './browser-api';
import { cardSrcset } from './srcsets';
import type { CardPost, Post, PriceType, PublicSiteConfig } from './types';

/**
 * The next cards of a listing, asked of the API as whoever is signed in (an admin's include hidden listings).
 * CardList imports this module when it first asks for more, so the session helpers and the srcset builder are not
 * among a listing's first JavaScript (the page JavaScript budget, docs/performance.md).
 */
export async function moreCards(site: PublicSiteConfig, lang: Lang, filters: { catSlug: string; tagSlug: string; price: PriceType | null; date?: string | null; slot?: string | null }, offset: number, limit: number): Promise<CardPost[]> {
  const { body } = await siteApi(site.apiOrigin).get<Post[]>(`/api/posts/${query({ ...filters, limit, offset })}`);
  return body.map((p) => toCard(p, site.site, cardSrcset(p, site.site), countyNameIn(lang, p.tag_slug, p.tag_name)));
}
