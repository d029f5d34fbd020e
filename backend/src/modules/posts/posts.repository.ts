import type { PostStatus, PriceType } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import type { CategoryFilter } from '../taxonomy/taxonomy.service';
import { PostEntity } from './post.entity';

export interface PostFilter {
  status: PostStatus;
  category: CategoryFilter;
  countyId?: number;
  price?: PriceType;
  slug?: string;
  ownerId?: number;
  /** Leave out posts whose slug_extract is this reserved value. */
  excludeSlugExtract?: string;
}

export interface Paging {
  limit?: number;
  offset?: number;
}

@Injectable()
export class PostsRepository {
  constructor(@InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>) {}

  async find(filter: PostFilter, paging: Paging = {}): Promise<{ rows: PostEntity[]; total: number }> {
    const qb = this.filtered(filter).orderBy('p.created_at', 'DESC').addOrderBy('p.id', 'DESC');
    if (paging.limit === undefined && !paging.offset) {
      const rows = await qb.getMany();
      return { rows, total: rows.length };
    }
    // MySQL needs a LIMIT whenever there is an OFFSET.
    qb.offset(paging.offset ?? 0).limit(paging.limit ?? Number.MAX_SAFE_INTEGER);
    const [rows, total] = await Promise.all([qb.getMany(), this.filtered(filter).getCount()]);
    return { rows, total };
  }

  findPublishedBySlugExtract(slugExtract: string): Promise<PostEntity | null> {
    return this.posts.findOneBy({ slugExtract, status: 'publish' });
  }

  findById(id: number): Promise<PostEntity | null> {
    return this.posts.findOneBy({ id });
  }

  /** Published-post counts grouped by one column, for the active summary and the price dialog. */
  async countBy(column: 'category_id' | 'county_id' | 'price', filter: PostFilter): Promise<Map<string, number>> {
    const rows = await this.filtered(filter)
      .select(`p.${column}`, 'key')
      .addSelect('COUNT(*)', 'count')
      .groupBy(`p.${column}`)
      .getRawMany<{ key: string | number; count: string | number }>();
    return new Map(rows.map((r) => [String(r.key), Number(r.count)]));
  }

  private filtered(f: PostFilter): SelectQueryBuilder<PostEntity> {
    const qb = this.posts.createQueryBuilder('p').where('p.status = :status', { status: f.status });
    if (f.category.kind === 'one') qb.andWhere('p.category_id = :categoryId', { categoryId: f.category.id });
    if (f.category.kind === 'range') {
      qb.andWhere('p.category_id >= :minId', { minId: f.category.minId });
      if (f.category.maxId !== null) qb.andWhere('p.category_id <= :maxId', { maxId: f.category.maxId });
    }
    if (f.countyId !== undefined) qb.andWhere('p.county_id = :countyId', { countyId: f.countyId });
    if (f.price) qb.andWhere('p.price = :price', { price: f.price });
    if (f.slug) qb.andWhere('p.slug = :slug', { slug: f.slug });
    if (f.ownerId !== undefined) qb.andWhere('p.owner_id = :ownerId', { ownerId: f.ownerId });
    if (f.excludeSlugExtract) qb.andWhere('p.slug_extract <> :hidden', { hidden: f.excludeSlugExtract });
    return qb;
  }
}
