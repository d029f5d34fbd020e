import { ListSort, PRICE_BANDS, type CalendarSlot, type PostStatus, type PriceType } from '@directory/domain';
import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { usePostCountsHidden } from '../../database/post-counts';
import { DataVersion } from '../data-version/data-version';
import type { CategoryFilter } from '../taxonomy/taxonomy.service';
import { PostEntity } from './post.entity';

export interface PostFilter {
  status: PostStatus;
  category: CategoryFilter;
  countyId?: number;
  price?: PriceType;
  /** A budget band's id (PRICE_BANDS): the from-price within it. */
  band?: number;
  /** "plays {piece}": a catalogue piece of the listing's repertoire. */
  piece?: number;
  /** "sings in Irish": a piece in Irish in the listing's repertoire. */
  irish?: boolean;
  /** The list's order: newest first (the default), or by from-price, cheapest first, on request last. */
  sort?: ListSort;
  slug?: string;
  ownerId?: number;
  /** Leave out posts whose slug_extract is this reserved value. */
  excludeSlugExtract?: string;
}

/**
 * The repertoire's filters, checked on the way along the shape's list index: one lookup each in post_pieces' (piece_id,
 * post_id) or (language, post_id) index per listing walked.
 */
const PLAYS = 'SELECT 1 FROM post_pieces pp WHERE pp.piece_id = ? AND pp.post_id = p.id';
const SINGS_IRISH = "SELECT 1 FROM post_pieces pg WHERE pg.language = 'ga' AND pg.post_id = p.id";

/** The top of the open band's range of price_sort: every from-price, short of PRICE_SORT_LAST (no price). */
const PRICE_BANDS_TOP = 2_147_483_646;

/**
 * A search by date: listings booked then are left out (the whole day booked, or the half asked for), and those whose
 * calendar was updated since `freshSince` ('YYYY-MM-DD HH:MM:SS', UTC) are known to be free.
 */
export interface DateFilter {
  day: string;
  slot: CalendarSlot | null;
  freshSince: string;
}

export type AvailableRow = PostRow & { availability: 'free' | 'unknown' };

/** Below one free listing in this many of a selection, a page of free ones is read from the calendars rather than the list. */
const FREE_SPARSE = 20;

/** The tables whose rows belong to one post (post_id), children first. */
export const POST_ITEM_TABLES = ['post_pieces', 'calendar_feeds', 'calendar_slots', 'calendars', 'stat_days', 'enquiries', 'audios', 'videos'] as const;

/** What a public answer shows of a post (mapPost, mapProfile) and what deciding its visibility needs. */
const ROW_PROPERTIES = [
  'id', 'title', 'content', 'slug', 'slugExtract', 'status', 'categoryId', 'countyId', 'price', 'youtube1Id', 'featuredAudioUrl',
  'area', 'latitude', 'longitude', 'hasLocation', 'ownerId', 'createdAt', 'updatedAt', 'imageVersion', 'priceFrom',
  'reviewCount', 'reviewRatingSum', 'reviewSubAverages',
] as const satisfies readonly (keyof PostEntity)[];
/** What the reads of one post add: the price breakdown, which lists leave out. */
const DETAIL_PROPERTIES = [...ROW_PROPERTIES, 'priceDetails'] as const satisfies readonly (keyof PostEntity)[];
export type PostRow = Pick<PostEntity, (typeof ROW_PROPERTIES)[number]> & Partial<Pick<PostEntity, 'priceDetails'>> & { priced?: number | string };

/** Column types both drivers (mysql2, better-sqlite3) answer as the entity's type: no conversion needed. */
const AS_READ = new Set(['varchar', 'text', 'int', 'integer']);

export interface Paging {
  limit?: number;
  offset?: number;
}

@Injectable()
export class PostsRepository {
  private readonly logger = new Logger(PostsRepository.name);
  /** Set once the database refused a named list index (pageRows). */
  private indexHintsRefused = false;

  constructor(
    @InjectRepository(PostEntity) private readonly posts: Repository<PostEntity>,
    private readonly version: DataVersion,
  ) {}

  /**
   * A page of posts (or all of them without paging) in the list's order, with the selection's size. The rows come
   * from one prepared SQL naming only the columns an answer shows (no query builder, no entity hydration: those were
   * a tenth of a cold answer's time); `count` answers the total (X-Total-Count) from elsewhere when given.
   */
  async find(filter: PostFilter, paging: Paging = {}, count?: () => Promise<number>): Promise<{ rows: PostRow[]; total: number }> {
    const where = this.where(filter);
    const order = filter.sort === 'price' ? 'p.price_sort ASC, p.id ASC' : 'p.created_at DESC, p.id DESC';
    const select = (hint: string) => `SELECT ${this.rowColumns(Boolean(filter.slug))} FROM posts p${hint} WHERE ${where.sql} ORDER BY ${order}`;
    if (paging.limit === undefined && !paging.offset) {
      const rows = await this.rows(select(''), where.params);
      return { rows, total: rows.length };
    }
    // MySQL needs a LIMIT whenever there is an OFFSET. Both are validated whole numbers.
    const limits = ` LIMIT ${Math.trunc(paging.limit ?? Number.MAX_SAFE_INTEGER)} OFFSET ${Math.trunc(paging.offset ?? 0)}`;
    const page = (hint: string) => select(hint) + limits;
    const [rows, total] = await Promise.all([this.pageRows(filter, page, where.params), count ? count() : this.count(filter)]);
    return { rows, total };
  }

  /**
   * A page's rows, its shape's list index named (listIndexHint). Should the database refuse the name (the index is
   * missing: a migration reverted past PostListIndexes, an index renamed by hand), the page is read without it, and
   * so are the pages after it in this process: slower, never a 500.
   */
  private async pageRows(filter: PostFilter, page: (hint: string) => string, params: unknown[]): Promise<PostRow[]> {
    const hint = this.indexHintsRefused ? '' : this.listIndexHint(filter);
    if (!hint) return this.rows(page(''), params);
    try {
      return await this.rows(page(hint), params);
    } catch (err) {
      if (!isMissingIndex(err)) throw err;
      this.indexHintsRefused = true;
      this.logger.warn(`The posts list index named in ${hint.trim()} is missing (run the migrations): pages are now read without naming indexes`);
      return this.rows(page(''), params);
    }
  }

  /**
   * A page of the selection on a date: the listings known to be free first, then the unknown ones, each part in the
   * list's order; the booked ones left out. `counts` answers how many are free and how many unknown.
   */
  async findOnDate(filter: PostFilter, date: DateFilter, paging: Paging, counts: () => Promise<{ free: number; unknown: number }>): Promise<{ rows: AvailableRow[]; free: number; unknown: number }> {
    const { free, unknown } = await counts();
    const offset = Math.trunc(paging.offset ?? 0);
    const limit = Math.trunc(paging.limit ?? Number.MAX_SAFE_INTEGER);
    const where = this.where(filter);
    const booked = bookedSql(date);
    const order = ' ORDER BY p.created_at DESC, p.id DESC';
    const rows: AvailableRow[] = [];
    if (offset < free && limit > 0) {
      const take = Math.min(limit, free - offset);
      // Few free among many: read the recent calendars (IDX_calendars_updated) and sort those few. Otherwise walk the
      // selection's list index in its order, looking up each one's calendar, which finds a page's worth soon (posts
      // first: MariaDB's STRAIGHT_JOIN, SQLite's CROSS JOIN).
      const fromCalendars = free * FREE_SPARSE < free + unknown;
      const hint = fromCalendars || this.indexHintsRefused ? '' : this.listIndexHint(filter);
      const join = fromCalendars ? 'calendars c JOIN posts p ON p.id = c.post_id' : `posts p${hint} ${this.namesIndexes ? 'STRAIGHT_JOIN calendars c FORCE INDEX (PRIMARY)' : 'CROSS JOIN calendars c'} ON c.post_id = p.id`;
      const sql = `SELECT ${this.rowColumns()} FROM ${join} WHERE c.updated_at >= ? AND ${where.sql} AND NOT ${booked.sql}${order} LIMIT ${take} OFFSET ${offset}`;
      for (const r of await this.rows(sql, [date.freshSince, ...where.params, ...booked.params])) rows.push({ ...r, availability: 'free' });
    }
    const left = limit - rows.length;
    if (left > 0 && offset + rows.length < free + unknown) {
      const skip = Math.max(0, offset - free);
      const hint = this.indexHintsRefused ? '' : this.listIndexHint(filter);
      const sql = `SELECT ${this.rowColumns()} FROM posts p${hint} LEFT JOIN calendars c ON c.post_id = p.id WHERE ${where.sql} AND (c.updated_at IS NULL OR c.updated_at < ?) AND NOT ${booked.sql}${order} LIMIT ${Math.min(left, unknown)} OFFSET ${skip}`;
      for (const r of await this.rows(sql, [...where.params, date.freshSince, ...booked.params])) rows.push({ ...r, availability: 'unknown' });
    }
    return { rows, free, unknown };
  }

  /** How many of the selection are known to be free on the date (their calendar recent, the time not booked). */
  async countFree(filter: PostFilter, date: DateFilter): Promise<number> {
    const where = this.where(filter);
    const booked = bookedSql(date);
    const [row] = await this.query<{ n: string | number }>(
      `SELECT COUNT(*) AS n FROM calendars c JOIN posts p ON p.id = c.post_id WHERE c.updated_at >= ? AND ${where.sql} AND NOT ${booked.sql}`,
      [date.freshSince, ...where.params, ...booked.params],
    );
    return Number(row?.n ?? 0);
  }

  /** How many of the selection are booked on the date, optionally grouped by a column (the facets' counts less these). */
  async countBooked(filter: PostFilter, date: DateFilter): Promise<number> {
    return [...(await this.bookedBy(null, filter, date)).values()].reduce((a, b) => a + b, 0);
  }

  async bookedBy(column: 'category_id' | 'county_id' | 'price' | null, filter: PostFilter, date: DateFilter): Promise<Map<string, number>> {
    const where = this.where(filter);
    const key = column ? `p.${column}` : "'all'";
    const group = column ? ` GROUP BY p.${column} ORDER BY NULL` : '';
    // Read from the day's booked half days (IDX_calendar_slots_day), then each one's post by its primary key.
    const rows = date.slot
      ? await this.query<{ k: string | number; n: string | number }>(
          `SELECT ${key} AS k, COUNT(*) AS n FROM calendar_slots s JOIN posts p ON p.id = s.post_id WHERE s.day = ? AND s.booked = 1 AND s.slot = ? AND ${where.sql}${group}`,
          [date.day, date.slot, ...where.params],
        )
      : await this.query<{ k: string | number; n: string | number }>(
          `SELECT ${key} AS k, COUNT(*) AS n FROM (SELECT s.post_id FROM calendar_slots s WHERE s.day = ? AND s.booked = 1 GROUP BY s.post_id HAVING COUNT(*) = 2) b JOIN posts p ON p.id = b.post_id WHERE ${where.sql}${group}`,
          [date.day, ...where.params],
        );
    return new Map(rows.filter((r) => Number(r.n) !== 0).map((r) => [String(r.k), Number(r.n)]));
  }

  /** The published post with this id, in the shape of the list (one prepared SQL, as find). */
  async findRow(id: number): Promise<PostRow | null> {
    return (await this.rows(`SELECT ${this.rowColumns(true)} FROM posts p WHERE p.id = ?`, [id]))[0] ?? null;
  }

  /** COUNT of the selection's rows (what post_counts avoids for the public filters). */
  count(filter: PostFilter): Promise<number> {
    return this.filtered(filter).getCount();
  }

  /** Whether the selection's size is kept in post_counts: published posts by category, county and price only. */
  isCounted(filter: PostFilter): boolean {
    return filter.status === 'publish' && !filter.slug && filter.ownerId === undefined && filter.band === undefined && filter.piece === undefined && !filter.irish;
  }

  /**
   * The number of published posts in the selection from post_counts (the visible ones, or hidden ones too when the
   * filter keeps them: an admin's), one primary-key row (two), or a short range of them for a parent group.
   */
  async keptCount(filter: PostFilter): Promise<number> {
    const where = keptWhere(filter);
    const [row] = await this.query<{ total: string | number | null }>(`SELECT SUM(total) AS total FROM post_counts WHERE ${where.sql}`, where.params);
    return Number(row?.total ?? 0);
  }

  /**
   * Published-post counts grouped by one column from post_counts (as keptCount), for the summary, the facets
   * and the price dialog: the rows of that column's keys within the other two columns' selection.
   */
  async keptCountBy(column: 'category_id' | 'county_id' | 'price', filter: PostFilter): Promise<Map<string, number>> {
    const where = keptWhere(filter, column);
    const rows = await this.query<{ k: string | number; n: string | number }>(
      // Groups come back in any order (the callers order them): MariaDB would otherwise sort them.
      `SELECT pc.${column} AS k, SUM(pc.total) AS n FROM post_counts pc WHERE ${where.sql} GROUP BY pc.${column} ORDER BY NULL`,
      where.params,
    );
    return new Map(rows.filter((r) => Number(r.n) !== 0).map((r) => [String(r.k), Number(r.n)]));
  }

  /** Tells the counting triggers which slug_extract hides a post, counting again if it was another (post-counts.ts). */
  countHiddenAs(name: string): Promise<boolean> {
    return usePostCountsHidden(this.posts.manager.connection, name);
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
    if (f.band !== undefined) qb.andWhere('p.price_band = :band', { band: f.band });
    if (f.piece !== undefined) qb.andWhere(`EXISTS (${PLAYS})`.replace('?', ':piece'), { piece: f.piece });
    if (f.irish) qb.andWhere(`EXISTS (${SINGS_IRISH})`);
    if (f.slug) qb.andWhere('p.slug = :slug', { slug: f.slug });
    if (f.ownerId !== undefined) qb.andWhere('p.owner_id = :ownerId', { ownerId: f.ownerId });
    if (f.excludeSlugExtract) qb.andWhere('p.slug_extract <> :hidden', { hidden: f.excludeSlugExtract });
    return qb;
  }

  /**
   * On MariaDB/MySQL, the list index made for the filter's shape (equalities on status, category, county, price, then
   * created_at: migration PostListIndexes), named in the page's SQL. It is the plan MariaDB picks anyway (no filesort,
   * `npm run explain`), but weighing the dozen indexes the conditions could use, each with a dive into its B-tree, was
   * a third of the database's time per cold page (docs/performance.md). Shapes without such an index (a parent group's range, a
   * slug, an owner) are left to the optimizer.
   */
  private listIndexHint(f: PostFilter): string {
    if (!this.namesIndexes || f.slug || f.ownerId !== undefined || f.category.kind === 'range') return '';
    const where = [f.category.kind === 'one' ? 'category' : '', f.countyId !== undefined ? 'county' : ''].filter(Boolean);
    // By price or by band, the price type is checked on the way: the bands and the price types go together.
    if (f.sort === 'price') return ` FORCE INDEX (${['IDX_posts_by_price', ...where].join('_')})`;
    if (f.band !== undefined) return ` FORCE INDEX (${['IDX_posts_band', ...where].join('_')})`;
    const parts = [f.category.kind === 'one' ? 'category' : '', f.countyId !== undefined ? 'county' : '', f.price ? 'price' : ''].filter(Boolean);
    return ` FORCE INDEX (${parts.length ? `IDX_posts_list_${parts.join('_')}` : 'IDX_posts_status_created'})`;
  }

  private get namesIndexes(): boolean {
    const type = this.posts.manager.connection.driver.options.type;
    return type === 'mysql' || type === 'mariadb';
  }

  /** The same conditions as filtered(), as SQL with positional parameters for the prepared reads. */
  private where(f: PostFilter): { sql: string; params: unknown[] } {
    const conditions = ['p.status = ?'];
    const params: unknown[] = [f.status];
    const add = (condition: string, value: unknown) => {
      conditions.push(condition);
      params.push(value);
    };
    if (f.category.kind === 'one') add('p.category_id = ?', f.category.id);
    if (f.category.kind === 'range') {
      add('p.category_id >= ?', f.category.minId);
      if (f.category.maxId !== null) add('p.category_id <= ?', f.category.maxId);
    }
    if (f.countyId !== undefined) add('p.county_id = ?', f.countyId);
    if (f.price) add('p.price = ?', f.price);
    if (f.band !== undefined) {
      // By price, the band is a range of the sort key its index is ordered by; newest first, an equality on its own.
      const band = PRICE_BANDS.find((b) => b.id === f.band);
      if (f.sort === 'price' && band) {
        add('p.price_sort >= ?', band.min);
        add('p.price_sort <= ?', band.max ?? PRICE_BANDS_TOP);
      } else add('p.price_band = ?', f.band);
    }
    if (f.piece !== undefined) add(`EXISTS (${PLAYS})`, f.piece);
    if (f.irish) conditions.push(`EXISTS (${SINGS_IRISH})`);
    if (f.slug) add('p.slug = ?', f.slug);
    if (f.ownerId !== undefined) add('p.owner_id = ?', f.ownerId);
    if (f.excludeSlugExtract) add('p.slug_extract <> ?', f.excludeSlugExtract);
    return { sql: conditions.join(' AND '), params };
  }

  private columns: string | null = null;
  private detailColumns: string | null = null;

  /** `p.<column> AS <property>` for each column of PostRow (with the breakdown for one post), built once from the entity's metadata. */
  private rowColumns(detailed = false): string {
    const escape = (name: string) => this.posts.manager.connection.driver.escape(name);
    const build = (properties: readonly string[]) => properties.map((property) => `p.${escape(this.column(property).databaseName)} AS ${escape(property)}`).join(', ');
    if (detailed) return (this.detailColumns ??= build(DETAIL_PROPERTIES));
    // Whether a listing without a from-price is on request (it has a breakdown) or simply unpriced: what a card shows.
    return (this.columns ??= `${build(ROW_PROPERTIES)}, CASE WHEN p.price_details IS NULL THEN 0 ELSE 1 END AS ${escape('priced')}`);
  }

  private column(property: string): ColumnMetadata {
    const column = this.posts.metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`posts has no column for ${property}`);
    return column;
  }

  private hydrated: (readonly [string, ColumnMetadata])[] | null = null;

  /**
   * Rows of a prepared read, with the values the driver reads otherwise than the entity types them turned into them
   * (dates, booleans, doubles); the strings and whole numbers both drivers already answer as such are left as read
   * (the driver's per-value conversion of every column was a tenth of a cold page's time).
   */
  private async rows(sql: string, params: unknown[]): Promise<PostRow[]> {
    const raw = await this.query<Record<string, unknown>>(sql, params);
    const driver = this.posts.manager.connection.driver;
    this.hydrated ??= DETAIL_PROPERTIES.map((property) => [property, this.column(property)] as const).filter(([, c]) => !AS_READ.has(String(c.type)) || c.transformer);
    const hydrated = this.hydrated;
    for (const r of raw) for (const [property, column] of hydrated) if (property in r) r[property] = driver.prepareHydratedValue(r[property], column);
    return raw as unknown as PostRow[];
  }

  /**
   * One SQL on the pool the request's reads use (a read replica for anonymous public reads, see read-routing.ts),
   * as TypeORM's own reads choose it.
   */
  private async query<T>(sql: string, params: unknown[]): Promise<T[]> {
    const ds = this.posts.manager.connection;
    const runner = ds.createQueryRunner(ds.defaultReplicationModeForReads());
    try {
      return (await runner.query(sql, params)) as T[];
    } finally {
      await runner.release();
    }
  }
}

/**
 * The rows of post_counts that make up a selection: each of category, county and price named, or the "any" row (0,
 * 0, ''); the grouped column (keptCountBy) takes every named key instead; hidden 0 only, for a visitor.
 */
function keptWhere(filter: PostFilter, grouped?: 'category_id' | 'county_id' | 'price'): { sql: string; params: unknown[] } {
  const c = filter.category;
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, ...values: unknown[]) => {
    conditions.push(condition);
    params.push(...values);
  };
  // Category ids start at 1; 0 is the "any category" row.
  if (c.kind === 'one') add('category_id = ?', c.id);
  else if (c.kind === 'range') {
    add('category_id >= ?', Math.max(1, c.minId));
    if (c.maxId !== null) add('category_id <= ?', c.maxId);
  } else add(grouped === 'category_id' ? 'category_id <> 0' : 'category_id = 0');
  if (filter.countyId !== undefined) add('county_id = ?', filter.countyId);
  else add(grouped === 'county_id' ? 'county_id <> 0' : 'county_id = 0');
  if (filter.price) add('price = ?', filter.price);
  else add(grouped === 'price' ? "price <> ''" : "price = ''");
  // Visitors' selections leave out the posts hidden by the reserved slug_extract: the triggers count them apart.
  if (filter.excludeSlugExtract) add('hidden = 0');
  return { sql: conditions.join(' AND '), params };
}

/**
 * Whether the listing p is booked on the date: the half asked for is booked, or without a half both halves are (a
 * lister booked only in the morning may still take an afternoon). A primary-key probe of calendar_slots per listing.
 */
function bookedSql(date: DateFilter): { sql: string; params: unknown[] } {
  return date.slot
    ? { sql: 'EXISTS (SELECT 1 FROM calendar_slots s WHERE s.post_id = p.id AND s.day = ? AND s.slot = ? AND s.booked = 1)', params: [date.day, date.slot] }
    : { sql: '(SELECT COUNT(*) FROM calendar_slots s WHERE s.post_id = p.id AND s.day = ? AND s.booked = 1) = 2', params: [date.day] };
}

/** MariaDB's and MySQL's ER_KEY_DOES_NOT_EXITS (sic), "Key '…' doesn't exist in table 'posts'", as TypeORM passes it on. */
function isMissingIndex(err: unknown): boolean {
  const e = err as { errno?: number; driverError?: { errno?: number } };
  return (e.driverError?.errno ?? e.errno) === 1176;
}
