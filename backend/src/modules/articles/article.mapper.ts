import type { ArticleDto, ArticleSummaryDto } from '@directory/domain';
import { sanitizeArticleHtml } from '../../infra/html-sanitizer';
import { imageVersionOf } from '../../infra/images';
import type { ArticleEntity } from './article.entity';

export type { ArticleDto, ArticleSummaryDto };

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The cover's URL with its `?v=`: new with every new cover or redrawn cover art (imageVersionOf in infra/images.ts). */
const coverUrl = (apiOrigin: string, name: string, version: string) => `${apiOrigin}/storage/article-assets/${encodeURIComponent(name)}?v=${version}`;

export function mapArticleSummary(a: Omit<ArticleEntity, 'content'>, apiOrigin: string): ArticleSummaryDto {
  const version = imageVersionOf(a.imageVersion, a.updatedAt);
  return {
    id: a.id,
    title: a.title,
    slug: a.slug,
    excerpt: a.excerpt,
    image: a.image ? coverUrl(apiOrigin, a.image, version) : '',
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
