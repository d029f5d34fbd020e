import type { PostStatus, PriceType } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import { DataVersion } from '../data-version/data-version';
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

/** The tables whose rows belong to one post (post_id), children first. */
export const POST_ITEM_TABLES = ['stat_days', 'enquiries', 'audios', 'videos'] as const;

export interface Paging {
  limit?: number;
  offset?: number;
}

@Injectable()
export class PostsRepository {
  constructor(
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
    private readonly version: DataVersion,
  ) {}

  /** `count` may answer the total from elsewhere (a count kept per data version) instead of a COUNT of its own. */
  async find(filter: PostFilter, paging: Paging = {}, count?: (counting: () => Promise<number>) => Promise<number>): Promise<{ rows: PostEntity[]; total: number }> {
    const qb = this.filtered(filter).orderBy('p.created_at', 'DESC').addOrderBy('p.id', 'DESC');
    if (paging.limit === undefined && !paging.offset) {
      const rows = await qb.getMany();
      return { rows, total: rows.length };
    }
    // MySQL needs a LIMIT whenever there is an OFFSET.
    qb.offset(paging.offset ?? 0).limit(paging.limit ?? Number.MAX_SAFE_INTEGER);
    const counting = () => this.filtered(filter).getCount();
    const [rows, total] = await Promise.all([qb.getMany(), count ? count(counting) : counting()]);
    return { rows, total };
  }

  findPublishedBySlugExtract(slugExtract: string): Promise<PostEntity | null> {
    return this.posts.findOneBy({ slugExtract, status: 'publish' });
  }

  findById(id: number): Promise<PostEntity | null> {
    return this.posts.findOneBy({ id });
  }

  /** Every post of an owner, whatever its status, newest first. */
  findByOwner(ownerId: number): Promise<PostEntity[]> {
    return this.posts.find({ where: { ownerId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  findBySlug(slug: string): Promise<PostEntity | null> {
    return this.posts.findOneBy({ slug });
  }

  /** The slugs taken among `base` and `base-N`, to choose the next free one. */
  async slugsLike(base: string): Promise<Set<string>> {
    const rows = await this.posts.createQueryBuilder('p').select('p.slug', 'slug').where('p.slug = :base OR p.slug LIKE :like', { base, like: `${base}-%` }).getRawMany<{ slug: string }>();
    return new Set(rows.map((r) => r.slug));
  }

  /**
   * Inserts a new post; a duplicate slug fails with the database's unique-key error (see isDuplicateKey). Every write
   * to a post moves the data version with it (a draft's too: simpler than telling which changes visitors see, and
   * writes are rare next to reads).
   */
  async insert(row: Partial<PostEntity>): Promise<number> {
    return this.posts.manager.transaction(async (m) => {
      const result = await m.insert(PostEntity, row);
      await this.version.bump(m);
      return Number(result.identifiers[0].id);
    });
  }

  async update(id: number, changes: Partial<PostEntity>): Promise<void> {
    await this.posts.manager.transaction(async (m) => {
      await m.update(PostEntity, id, changes);
      await this.version.bump(m);
    });
  }

  /**
   * This month's views and enquiries (from the daily counts) and the unread enquiries of each post. Read here over
   * the tables' names, since the stats and enquiries modules build on this one.
   */
  async monthFigures(postIds: number[], monthStartDay: string): Promise<Map<number, { views_this_month: number; enquiries_this_month: number; unread_enquiries: number }>> {
    const out = new Map<number, { views_this_month: number; enquiries_this_month: number; unread_enquiries: number }>();
    if (!postIds.length) return out;
    const entry = (id: number) => out.get(id) ?? out.set(id, { views_this_month: 0, enquiries_this_month: 0, unread_enquiries: 0 }).get(id)!;
    const em = this.posts.manager;
    const days = await em
      .createQueryBuilder()
      .select('s.post_id', 'postId')
      .addSelect('s.kind', 'kind')
      .addSelect('SUM(s.total)', 'total')
      .from('stat_days', 's')
      .where('s.post_id IN (:...postIds) AND s.day >= :monthStartDay', { postIds, monthStartDay })
      .groupBy('s.post_id')
      .addGroupBy('s.kind')
      .getRawMany<{ postId: number; kind: string; total: string | number }>();
    for (const d of days) entry(Number(d.postId))[d.kind === 'view' ? 'views_this_month' : 'enquiries_this_month'] = Number(d.total);
    const unread = await em
      .createQueryBuilder()
      .select('e.post_id', 'postId')
      .addSelect('COUNT(*)', 'count')
      .from('enquiries', 'e')
      .where('e.post_id IN (:...postIds) AND e.read_at IS NULL', { postIds })
      .groupBy('e.post_id')
      .getRawMany<{ postId: number; count: string | number }>();
    for (const u of unread) entry(Number(u.postId)).unread_enquiries = Number(u.count);
    return out;
  }

  /** Which of these slug_extracts some post (of any status) still names its images after. */
  async slugExtractsInUse(names: string[]): Promise<Set<string>> {
    const used = new Set<string>();
    for (let i = 0; i < names.length; i += 500) {
      const chunk = names.slice(i, i + 500);
      const rows = await this.posts.createQueryBuilder('p').select('DISTINCT p.slug_extract', 'slugExtract').where('p.slug_extract IN (:...chunk)', { chunk }).getRawMany<{ slugExtract: string }>();
      for (const r of rows) used.add(r.slugExtract);
    }
    return used;
  }

  /** Whether another post than this one names its images after this slug_extract. */
  async sharesSlugExtract(id: number, slugExtract: string): Promise<boolean> {
    return (await this.posts.createQueryBuilder('p').where('p.slug_extract = :slugExtract AND p.id <> :id', { slugExtract, id }).getCount()) > 0;
  }

  /** Deletes a post with its media, enquiries and statistics, in one transaction (not leaning on each engine's cascades). */
  async deleteWithItems(id: number): Promise<void> {
    await this.posts.manager.transaction(async (em) => {
      for (const table of POST_ITEM_TABLES) await em.createQueryBuilder().delete().from(table).where('post_id = :id', { id }).execute();
      await em.createQueryBuilder().delete().from(PostEntity).where('id = :id', { id }).execute();
      await this.version.bump(em);
    });
  }

  /** Published-post counts grouped by one column, for the active summary and the price dialog. */
  async countBy(column: 'category_id' | 'county_id' | 'price', filter: PostFilter): Promise<Map<string, number>> {
    const rows = await this.filtered(filter)
      .select(`p.${column}`, 'key')
      .addSelect('COUNT(*)', 'count')
      .groupBy(`p.${column}`)
      // Groups come back in any order (the callers order them): MariaDB would otherwise sort them (a filesort).
      .orderBy('NULL')
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
