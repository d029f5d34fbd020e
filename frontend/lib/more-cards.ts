import { countyNameIn } from '@directory/domain';
import { query } from './api-client';
import type { Lang } from './lang';
import { cardRating } from './card-rating';
import { toCard } from './listing';
import { siteApi } from './browser-api';
import { cardSrcset } from './srcsets';
import type { Translator } from './i18n';
import { cardPrice } from './price-view';
import type { CardPost, Post, PriceType, PublicSiteConfig } from './types';

/**
 * The next cards of a listing, asked of the API as whoever is signed in (an admin's include hidden listings).
 * CardList imports this module when it first asks for more, so the session helpers and the srcset builder are not
 * among a listing's first JavaScript (the page JavaScript budget, docs/performance.md).
 */
export async function moreCards(site: PublicSiteConfig, lang: Lang, filters: { catSlug: string; tagSlug: string; price: PriceType | null; date?: string | null; slot?: string | null }, offset: number, limit: number, i18n: Translator): Promise<CardPost[]> {
  const { body } = await siteApi(site.apiOrigin).get<Post[]>(`/api/posts/${query({ ...filters, ...listOrder(), limit, offset })}`);
  const t = (id: Parameters<Translator['_']>[0], values?: Parameters<Translator['_']>[1]) => i18n._(id, values);
  return body.map((p) => ({ ...toCard(p, site.site, cardSrcset(p, site.site), countyNameIn(lang, p.tag_slug, p.tag_name), cardPrice(t, p)), rating: cardRating(p, t) }));
}

/** The page's budget band, order and repertoire filters, from its address (the price dialog's links set them): the next cards follow them. */
function listOrder(): Record<string, string | undefined> {
  const q = new URLSearchParams(location.search);
  return Object.fromEntries(['band', 'sort', 'piece', 'irish'].map((k) => [k, q.get(k) ?? undefined]));
}
