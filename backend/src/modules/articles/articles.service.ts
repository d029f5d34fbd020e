import { ArticlesErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { ArticleDto, ArticleSummaryDto, mapArticle, mapArticleSummary } from './article.mapper';
import { ArticlesException } from './articles.exception';
import { ArticlesRepository } from './articles.repository';

@Injectable()
export class ArticlesService {
  constructor(
    private readonly articles: ArticlesRepository,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async list(): Promise<ArticleSummaryDto[]> {
    return (await this.articles.published()).map((a) => mapArticleSummary(a, this.config.apiOrigin));
  }

  /** The published article whose image file has this name, for its generated cover. */
  async findByImage(image: string): Promise<ArticleDto | null> {
    const article = await this.articles.findPublished({ image });
    return article ? mapArticle(article, this.config.apiOrigin) : null;
  }

  /** By numeric id or by slug (the /articles/{slug} page). */
  async findOne(idOrSlug: string): Promise<ArticleDto> {
    const by = /^\d+$/.test(idOrSlug) ? { id: Number(idOrSlug) } : { slug: idOrSlug };
    const article = await this.articles.findPublished(by);
    if (!article) throw new ArticlesException(ArticlesErrorCode.ArticleNotFound, { field: 'id', values: ['id' in by ? 'id' : 'slug', idOrSlug] });
    return mapArticle(article, this.config.apiOrigin);
  }
}
