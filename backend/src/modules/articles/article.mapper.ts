import type { ArticleDto, ArticleSummaryDto } from '@directory/domain';
import { sanitizeArticleHtml } from '../../infra/html-sanitizer';
import { COVER_SIZE, COVER_WIDTHS, coverVariantName } from '../../infra/images';
import type { ArticleEntity } from './article.entity';

export type { ArticleDto, ArticleSummaryDto };



const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/**
 * The cover's narrower copies and the cover itself, for `srcset` (made when first asked for); `?v=` is the article's
 * last change, so caches may keep each URL for good.
 */
const coverSrcset = (apiOrigin: string, image: string, updatedAt: Date | string) => {
  if (!image.endsWith('.webp')) return '';
  const url = (name: string) => `${apiOrigin}/storage/article-assets/${encodeURIComponent(name)}?v=${new Date(updatedAt).getTime() || 0}`;
  return [...COVER_WIDTHS.map((w) => `${url(coverVariantName(image, w))} ${w}w`), `${url(image)} ${COVER_SIZE[0]}w`].join(', ');
};

export function mapArticleSummary(a: ArticleEntity, apiOrigin: string): ArticleSummaryDto {
  return {
    id: a.id,
    title: a.title,
    slug: a.slug,
    excerpt: a.excerpt,
    image: a.image ? `${apiOrigin}/storage/article-assets/${encodeURIComponent(a.image)}` : '',
    image_srcset: a.image ? coverSrcset(apiOrigin, a.image, a.updatedAt) : '',
    author: a.author,
    published_at: iso(a.publishedAt),
    updated_at: iso(a.updatedAt),
  };
}

/** The body is cleaned again on the way out: a row may predate the sanitiser or have been written by hand. */
export const mapArticle = (a: ArticleEntity, apiOrigin: string): ArticleDto => ({
  ...mapArticleSummary(a, apiOrigin),
  content: sanitizeArticleHtml(a.content),
});
