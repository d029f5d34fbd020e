import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ArticleEntity } from './article.entity';

@Injectable()
export class ArticlesRepository {
  constructor(@InjectRepository(ArticleEntity) private readonly articles: Repository<ArticleEntity>) {}

  /** Published articles, newest first, without their bodies (the list leaves `content` out: it was most of the bytes read). */
  published(): Promise<Omit<ArticleEntity, 'content'>[]> {
    return this.articles.find({
      select: { id: true, title: true, slug: true, excerpt: true, image: true, imageVersion: true, author: true, status: true, publishedAt: true, createdAt: true, updatedAt: true },
      where: { status: 'publish' },
      order: { publishedAt: 'DESC', id: 'DESC' },
    });
  }

  findPublished(by: { id: number } | { slug: string } | { image: string }): Promise<ArticleEntity | null> {
    return this.articles.findOneBy({ ...by, status: 'publish' });
  }
}
