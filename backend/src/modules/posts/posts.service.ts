import { ActiveSummary, AvailabilityCounts, CALENDAR_FRESH_DAYS, Facets, MyPostDto, PostsErrorCode, PRICE_BANDS, PriceCount, PriceType } from '@directory/domain';
import { TtlCache } from '@directory/server-kit';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { Page } from '../../common/page';
import { isAdmin, Viewer } from '../../common/viewer';
import { DataVersion } from '../data-version/data-version';
import { sortCounties, TaxonomyLookup, TaxonomyService } from '../taxonomy/taxonomy.service';
import type { CountyDto } from '../taxonomy/taxonomy.mapper';
import type { ArchiveQueryDto, CategoryCountyQueryDto, PostQueryDto, SelectionQueryDto } from './dto/post-query.dto';
import { PostEntity } from './post.entity';
import { mapPost, mapProfile, mapVisiblePost, PostDto, PostFields, ProfileDto, VisiblePost } from './post.mapper';
import { PostsException } from './posts.exception';
import { AvailableRow, DateFilter, PostFilter, PostRow, PostsRepository } from './posts.repository';
import { priceOptions } from './prices';

/** How long counts for menus and dialogs are reused, within one data version (a write in any API process moves it). */
const COUNTS_MS = 10_000;

@Injectable()
export class PostsService implements OnApplicationBootstrap {
  private readonly summaryCache = new TtlCache<ActiveSummary>(COUNTS_MS);
  private readonly facetsCache = new TtlCache<Facets>(COUNTS_MS);
  /** X-Total-Count of a filter, counted once per data version rather than on every page of it. */
  private readonly totals = new TtlCache<number>(COUNTS_MS, { maxEntries: 2000 });
  /** Free and unknown counts of a selection on a date, as the totals. */
  private readonly dateCounts = new TtlCache<{ free: number; unknown: number }>(COUNTS_MS, { maxEntries: 2000 });
  private readonly priceLabels: Record<PriceType, string>;

  constructor(
    private readonly posts: PostsRepository,
    private readonly taxonomy: TaxonomyService,
    private readonly version: DataVersion,
    @InjectConfig() private readonly config: AppConfig,
  ) {
    this.priceLabels = Object.fromEntries(priceOptions(config.site, false).map((p) => [p.value, p.title])) as Record<PriceType, string>;
  }

  /**
   * The counting triggers learn the configured reserved slug_extract (post_counts counts hidden posts apart): written
   * before the first request, counting again if another name was there (database/post-counts.ts).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.posts.countHiddenAs(this.config.hiddenSlugExtract);
  }

  /** GET /api/posts/: publish only for visitors; other statuses for admins, or a lister's own posts. */
  async list(query: PostQueryDto, viewer: Viewer | null): Promise<Page<PostDto>> {
    const status = query.status ?? 'publish';
    const filter = this.ordered(await this.filter(query, viewer), query);
    filter.status = status;
    filter.slug = query.postSlug;
    if (status !== 'publish' && !isAdmin(viewer)) {
      if (!viewer) throw new PostsException(PostsErrorCode.StatusNotAllowed, { field: 'status', values: [status] });
      filter.ownerId = viewer.userId;
    }
    const date = dateFilter(query);
    if (date) return this.onDate(filter, date, query);
    const { rows, total } = await this.posts.find(filter, query, () => this.total(filter));
    if (query.postSlug && total === 0) {
      throw new PostsException(PostsErrorCode.PostNotFound, { field: 'postSlug', values: ['slug', query.postSlug] });
    }
    return new Page(await this.mapAll(rows), total);
  }

  /** The archive: published posts by category, county and price. */
  async archive(query: ArchiveQueryDto, viewer: Viewer | null): Promise<Page<PostDto>> {
    const filter = this.ordered(await this.filter(query, viewer), query);
    const date = dateFilter(query);
    if (date) return this.onDate(filter, date, query);
    const { rows, total } = await this.posts.find(filter, query, () => this.total(filter));
    return new Page(await this.mapAll(rows), total);
  }

  /** A page of a search by date: free ones first, then unknown ones; X-Total-Count is both together. */
  private async onDate(filter: PostFilter, date: DateFilter, paging: { limit?: number; offset?: number }): Promise<Page<PostDto>> {
    const { rows, free, unknown } = await this.posts.findOnDate(filter, date, paging, () => this.availabilityOf(filter, date));
    return new Page(await this.mapAvailable(rows), free + unknown);
  }

  /** How many of a selection are free and unknown on a date, once per data version in this process. */
  private async availabilityOf(filter: PostFilter, date: DateFilter): Promise<{ free: number; unknown: number }> {
    const version = await this.version.latest();
    return this.dateCounts.get(`${JSON.stringify(filter)}|${JSON.stringify(date)}@${version}`, async () => {
      const [total, free, booked] = await Promise.all([this.countOf(filter), this.posts.countFree(filter, date), this.posts.countBooked(filter, date)]);
      return { free, unknown: Math.max(0, total - free - booked) };
    });
  }

  private async mapAvailable(rows: AvailableRow[]): Promise<PostDto[]> {
    const mapped = await this.mapAll(rows);
    return mapped.map((p, i) => ({ ...p, availability: rows[i].availability }));
  }

  /** X-Total-Count of a filter: from post_counts for the public filters, once per data version in this process. */
  private async total(filter: PostFilter): Promise<number> {
    const version = await this.version.latest();
    return this.totals.get(`${JSON.stringify(filter)}@${version}`, () => this.countOf(filter));
  }

  /** Published posts of a selection grouped by one column (visible ones only, unless an admin's): from post_counts. */
  private countBy(column: 'category_id' | 'county_id' | 'price', filter: PostFilter): Promise<Map<string, number>> {
    return this.posts.isCounted(filter) ? this.posts.keptCountBy(column, filter) : this.posts.countBy(column, filter);
  }

  private countOf(filter: PostFilter): Promise<number> {
    return this.posts.isCounted(filter) ? this.posts.keptCount(filter) : this.posts.count(filter);
  }

  async findOne(id: number, viewer: Viewer | null): Promise<PostDto> {
    return (await this.mapAll([await this.visible(id, viewer, 'id')]))[0];
  }

  /**
   * The post as other domains act on it (enquiries, views, media), if the viewer may see it: 404 post_not_found
   * naming `field`, the input that named the post, otherwise.
   */
  async findVisible(id: number, viewer: Viewer | null, field: string): Promise<VisiblePost> {
    return mapVisiblePost(await this.visible(id, viewer, field));
  }

  /** The published, visible post whose images are named after this slug_extract, if any. */
  async findBySlugExtract(slugExtract: string): Promise<VisiblePost | null> {
    if (slugExtract === this.config.hiddenSlugExtract) return null;
    const post = await this.posts.findPublishedBySlugExtract(slugExtract);
    return post ? mapVisiblePost(post) : null;
  }

  /** Visible published profiles in their light shape, by title (map markers, the sitemap), optionally filtered. */
  async profiles(query: SelectionQueryDto, viewer: Viewer | null): Promise<ProfileDto[]> {
    const filter = await this.filter(query, viewer);
    const date = dateFilter(query);
    // On a date the map leaves the booked ones out, as the list does.
    const { rows } = date ? await this.posts.findOnDate(filter, date, {}, () => this.availabilityOf(filter, date)) : await this.posts.find(filter);
    const profiles = (await this.mapAll(rows)).map(mapProfile);
    return profiles.sort((a, b) => a.title.localeCompare(b.title, 'en-IE') || a.id - b.id);
  }

  /** GET /active-cats-tags/: counts of published posts visible to everyone. */
  async activeSummary(): Promise<ActiveSummary> {
    // Every page asks for it and it is the same for every visitor.
    const version = await this.version.latest();
    return this.summaryCache.get(`summary@${version}`, () => this.computeSummary());
  }

  private async computeSummary(): Promise<ActiveSummary> {
    const filter = await this.filter({}, null);
    const [byCategory, byCounty] = await Promise.all([
      this.countBy('category_id', filter),
      this.countBy('county_id', filter),
    ]);
    const categories: ActiveSummary['categories'] = {};
    for (const c of await this.taxonomy.categories()) {
      const count = byCategory.get(String(c.id));
      if (count) categories[c.slug] = { ...c, count };
    }
    const active_counties = countiesWithCounts(byCounty, await this.taxonomy.lookup());
    const parent_categories = this.taxonomy.parents().map((p) => ({
      ...p,
      count: Object.values(categories)
        .filter((c) => c.parent_slug === p.slug)
        .reduce((sum, c) => sum + c.count, 0),
    }));
    return {
      total: [...byCategory.values()].reduce((a, b) => a + b, 0),
      categories,
      active_tags: active_counties.map((c) => c.name),
      active_counties,
      parent_categories,
    };
  }

  /** The price types that published posts in this category and county have, in the site's order. */
  async prices(query: CategoryCountyQueryDto): Promise<PriceCount[]> {
    const counts = await this.countBy('price', await this.filter(query, null));
    return priceOptions(this.config.site, this.config.pricesDescending)
      .filter((p) => counts.has(p.value))
      .map((p) => ({ ...p, count: counts.get(p.value)! }));
  }

  /**
   * What the refine dialogs offer for a selection: the categories present in its county (and price),
   * the counties present in its category (and price), and the prices present in both.
   */
  async facets(query: SelectionQueryDto): Promise<Facets> {
    const key = `${query.catSlug ?? ''}|${query.tagSlug ?? ''}|${query.price ?? ''}|${query.date ?? ''}|${query.slot ?? ''}@${await this.version.latest()}`;
    return this.facetsCache.get(key, () => this.computeFacets(query));
  }

  private async computeFacets(query: SelectionQueryDto): Promise<Facets> {
    const date = dateFilter(query);
    // On a date, each count leaves out the listings booked then.
    const available = async (column: 'category_id' | 'county_id' | 'price', filter: PostFilter) => {
      const counts = await this.countBy(column, filter);
      if (!date) return counts;
      for (const [k, n] of await this.posts.bookedBy(column, filter, date)) {
        const left = (counts.get(k) ?? 0) - n;
        if (left > 0) counts.set(k, left);
        else counts.delete(k);
      }
      return counts;
    };
    const priceFilter = await this.filter({ catSlug: query.catSlug, tagSlug: query.tagSlug }, null);
    const [byCategory, byCounty, byPrice, lookup, availability] = await Promise.all([
      available('category_id', await this.filter({ tagSlug: query.tagSlug, price: query.price }, null)),
      available('county_id', await this.filter({ catSlug: query.catSlug, price: query.price }, null)),
      // The price dialog lists every price of the selection, not just the chosen one.
      available('price', priceFilter),
      this.taxonomy.lookup(),
      date ? this.availabilityOf(await this.filter(query, null), date) : Promise.resolve(null),
    ]);
    const prices = priceOptions(this.config.site, this.config.pricesDescending)
      .filter((p) => byPrice.has(p.value))
      .map((p) => ({ ...p, count: byPrice.get(p.value)! }));
    const categories = (await this.taxonomy.categories())
      .filter((c) => byCategory.has(String(c.id)))
      .map((c) => ({ slug: c.slug, name: c.name, count: byCategory.get(String(c.id))! }));
    const counties = countiesWithCounts(byCounty, lookup);
    if (!date || !availability) return { categories, counties, prices };
    const counts: AvailabilityCounts = { date: date.day, slot: date.slot, ...availability };
    return { categories, counties, prices, availability: counts };
  }

  /** The budget band and the order of a list (the facets and counts leave them out). */
  private ordered(filter: PostFilter, query: ArchiveQueryDto): PostFilter {
    if (query.band) filter.band = PRICE_BANDS.find((b) => b.slug === query.band)!.id;
    if (query.sort === 'price') filter.sort = 'price';
    if (query.piece !== undefined) filter.piece = query.piece;
    if (query.irish) filter.irish = true;
    return filter;
  }

  private async filter(query: SelectionQueryDto, viewer: Viewer | null): Promise<PostFilter> {
    const [category, countyId] = await Promise.all([
      this.taxonomy.categoryFilter(query.catSlug),
      this.taxonomy.countyFilter(query.tagSlug),
    ]);
    return {
      status: 'publish',
      category,
      countyId,
      price: query.price,
      excludeSlugExtract: isAdmin(viewer) ? undefined : this.config.hiddenSlugExtract,
    };
  }

  private async visible(id: number, viewer: Viewer | null, field: string): Promise<PostRow> {
    const post = await this.posts.findRow(id);
    if (!post || !this.canSee(post, viewer)) throw new PostsException(PostsErrorCode.PostNotFound, { field, values: ['id', id] });
    return post;
  }

  /** Admins see everything; hidden posts nobody else, not even their owner; listers their own posts; visitors published ones. */
  private canSee(post: PostRow, viewer: Viewer | null): boolean {
    if (isAdmin(viewer)) return true;
    if (post.slugExtract === this.config.hiddenSlugExtract) return false;
    return post.status === 'publish' || (viewer !== null && post.ownerId === viewer.userId);
  }

  /** Posts in the API's shape (for the control panel's writes and lists). */
  toDtos(rows: PostEntity[]): Promise<PostDto[]> {
    return this.mapAll(rows);
  }

  /** Every post of a member, whatever its status, newest first, with this month's (UTC) figures. */
  async mine(userId: number): Promise<MyPostDto[]> {
    const entities = await this.posts.findByOwner(userId);
    const posts = await this.mapAll(entities);
    const uploaded = new Set(entities.filter((e) => e.photoUploadedAt).map((e) => e.id));
    const now = new Date();
    const monthStart = `${now.toISOString().slice(0, 7)}-01`;
    const figures = await this.posts.monthFigures(posts.map((p) => p.id), monthStart);
    return posts.map((p) => ({ ...p, has_photo: uploaded.has(p.id), views_this_month: 0, enquiries_this_month: 0, unread_enquiries: 0, ...figures.get(p.id) }));
  }

  /** The posts of a member in their light shape, newest first (statistics per listing). */
  async ownedRefs(userId: number): Promise<VisiblePost[]> {
    return (await this.posts.findByOwner(userId)).map(mapVisiblePost);
  }

  /**
   * A post the viewer may change: their own unless an admin hid it, or any for an admin. Anything else is a 404 naming
   * `field`, so a member cannot tell someone else's post from none.
   */
  async findOwned(id: number, viewer: Viewer, field: string): Promise<VisiblePost> {
    const post = await this.posts.findById(id);
    if (!post || !(isAdmin(viewer) || (post.ownerId === viewer.userId && post.slugExtract !== this.config.hiddenSlugExtract))) throw new PostsException(PostsErrorCode.PostNotFound, { field, values: ['id', id] });
    return mapVisiblePost(post);
  }

  /** After a write that changes what visitors see: the menu and dialog counts are counted again. */
  forgetCounts(): void {
    this.summaryCache.clear();
    this.facetsCache.clear();
    this.totals.clear();
    this.dateCounts.clear();
  }

  private async mapAll(rows: PostFields[]): Promise<PostDto[]> {
    const lookup = await this.taxonomy.lookup();
    const { apiOrigin } = this.config;
    const priceLabels = this.priceLabels;
    return rows.map((p) => mapPost(p, { category: lookup.category(p.categoryId), county: lookup.county(p.countyId), apiOrigin, priceLabels }));
  }
}

/**
 * The date of a search, if any. "Free" is believed of calendars updated within CALENDAR_FRESH_DAYS, counted from the
 * start of this minute so that a minute's answers share one key.
 */
function dateFilter(query: SelectionQueryDto): DateFilter | null {
  if (!query.date) return null;
  const since = new Date(Math.floor(Date.now() / 60_000) * 60_000 - CALENDAR_FRESH_DAYS * 86_400_000);
  return { day: query.date, slot: query.slot ?? null, freshSince: since.toISOString().replace('T', ' ').slice(0, 19) };
}

/** County counts keyed by county id, as named counties sorted alphabetically. */
function countiesWithCounts(byCounty: Map<string, number>, lookup: TaxonomyLookup): (CountyDto & { count: number })[] {
  return sortCounties(
    [...byCounty].flatMap(([id, count]) => {
      const county = lookup.county(Number(id));
      return county ? [{ slug: county.slug, name: county.name, count }] : [];
    }),
  );
}

