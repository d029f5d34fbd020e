import { countyNameIn } from '@directory/domain';
import type { PageContext } from 'vike/types';
import { apiGet } from '../../lib/api-client';
import { cardSrcset } from '../../lib/srcsets';
import { cardRating } from '../../lib/card-rating';
import { toCard } from '../../lib/listing';
import type { ArticleSummary, Post } from '../../lib/types';

export type Data = Awaited<ReturnType<typeof data>>;

/** Four featured listers (the newest with a video) and three guide articles. */
export async function data(pageContext: PageContext) {
  const origin = pageContext.apiInternalOrigin;
  const [posts, articles] = await Promise.all([apiGet<Post[]>(origin, '/api/posts/?limit=40'), apiGet<ArticleSummary[]>(origin, '/api/articles/')]);
  const withVideo = posts.body.filter((p) => p.youtube1_id);
  const featured = [...withVideo, ...posts.body.filter((p) => !p.youtube1_id)].slice(0, 4).map((p) => ({ ...toCard(p, pageContext.site.site, cardSrcset(p, pageContext.site.site), countyNameIn(pageContext.lang, p.tag_slug, p.tag_name), ''), rating: cardRating(p, (id, values) => pageContext.i18n._(id, values)) }));
  return { featured, articles: articles.body.slice(0, 3) };
}
