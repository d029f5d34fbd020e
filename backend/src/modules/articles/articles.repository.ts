import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ArticleEntity } from './article.entity';

@Injectable()
export class ArticlesRepository {
  constructor(@InjectRepository(ArticleEntity) private readonly articles: Repository<ArticleEntity>) {}

  published(): Promise<ArticleEntity[]> {
    return this.articles.find({ where: { status: 'publish' }, order: { publishedAt: 'DESC', id: 'DESC' } });
  }

  findPublished(by: { id: number } | { slug: string } | { image: string }): Promise<ArticleEntity | null> {
    return this.articles.findOneBy({ ...by, status: 'publish' });
  }
}
