import { DataSource, EntityManager, EntityTarget, QueryRunner } from 'typeorm';
import { CLISTE_PROFILE_PREFIXES, COUNTY_TOWNS, PostStatus, PriceType, Site } from '@directory/domain';
import { sanitizeArticleHtml, sanitizeIconSvg } from '../../src/infra/html-sanitizer';
import { ArticleEntity } from '../../src/modules/articles/article.entity';
import { AudioEntity } from '../../src/modules/media/audio.entity';
import { VideoEntity } from '../../src/modules/media/video.entity';
import { PostEntity } from '../../src/modules/posts/post.entity';
import { CategoryEntity } from '../../src/modules/taxonomy/category.entity';
import { CountyEntity } from '../../src/modules/taxonomy/county.entity';
import { countyNameFromSlug } from '../../src/modules/taxonomy/taxonomy.mapper';
import { type ActivityResult, seedActivity } from './activity';
import { seedReviews } from './reviews';
import { type CalendarSeedResult, seedCalendars } from './calendars';
import { ARTICLE_SEEDS, ArticleSeed } from './articles';
import { CATEGORY_SEEDS } from './categories';
import { svgIcon } from './icons';
import { churchLister, clisteLister } from './listers';
import { seedPrice } from './prices';
import { seedRepertoire, seedVideoLength } from './repertoire';
import { PostPieceEntity } from '../../src/modules/repertoire/post-piece.entity';
import { COUNTY_SLUGS, COUNTY_WEIGHTS } from './places';
import { Random, slugify } from './random';
import { POST_COUNTS_HIDDEN_TABLE, POST_COUNTS_OFF, postCountsShape, rebuildPostCounts } from '../../src/database/post-counts';

export interface SeedOptions {
  site: Site;
  /** How many posts; defaults to the demo size of the site (160 church/multi, 640 cliste). */
  posts?: number;
  /** slug_extract value that hides a post from non-admins; a few seeded posts use it. */
  hiddenSlugExtract: string;
  /** Delete existing rows first. */
  reset?: boolean;
  /**
   * Do nothing when the database already holds counties (first-run seeding for `make start`); on that first run the
   * demo seed adds a year of activity too (views, enquiries, sign-ups: activity.ts), so the charts are not empty.
   */
  ifEmpty?: boolean;
  /** From this many posts the seed loads in bulk (see BULK_POSTS); tests lower it to try the bulk path on a few rows. */
  bulkFrom?: number;
  /** Called after each batch of posts is written (the command line prints it, so a million-post run shows progress). */
  onProgress?: (done: number, total: number) => void;
}

export interface SeedResult {
  seeded: boolean;
  counties: number;
  categories: number;
  posts: number;
  articles: number;
  /** Reviews written on about half the published listings (none in a bulk seed). */
  reviews?: number;
  /** Only on a first demo seed (ifEmpty). */
  activity?: ActivityResult;
  calendars?: CalendarSeedResult;
}

export const DEFAULT_POSTS: Record<Site, number> = { church: 160, cliste: 640, multi: 160 };
const PRICE_WEIGHTS: Record<'church' | 'cliste', [PriceType, number][]> = {
  church: [['charge', 75], ['nominal_charge', 15], ['free', 10]],
  cliste: [['charge', 55], ['nominal_charge', 25], ['free', 20]],
};
/** Fixed so that a seed run never depends on the day it runs. */
const NEWEST = Date.UTC(2026, 9, 1, 10, 0, 0);
const DAY = 86_400_000;
/** Cliste profile slugs start with the tours or the workshops prefix, by the category's group. */
const [TOURS, WORKSHOPS] = CLISTE_PROFILE_PREFIXES;
const YT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const TABLES_CHILD_FIRST = ['reviews', 'review_tokens', 'review_invitations', 'post_pieces', 'calendar_feeds', 'calendar_slots', 'calendars', 'stat_days', 'enquiries', 'audios', 'videos', 'posts', 'articles', 'categories', 'counties'];

export async function seedDatabase(ds: DataSource, options: SeedOptions): Promise<SeedResult> {
  if (options.ifEmpty && (await ds.getRepository(CountyEntity).count()) > 0) {
    return { seeded: false, counties: 0, categories: 0, posts: 0, articles: 0 };
  }
  const qr = ds.createQueryRunner();
  await qr.connect();
  const mysql = ds.options.type === 'mysql';
  try {
    if (options.reset && mysql && (await truncatable(qr))) {
      // DELETE of a million rows writes every row to the undo log and takes minutes; TRUNCATE drops and recreates.
      await qr.query('SET SESSION foreign_key_checks = 0');
      for (const table of TABLES_CHILD_FIRST) await qr.query(`TRUNCATE TABLE ${ds.driver.escape(table)}`);
    }
    if (mysql) {
      // This session only, for the bulk load: the seed writes ids and references it made itself, and slugs it made unique.
      await qr.query('SET SESSION foreign_key_checks = 0, unique_checks = 0');
      // Nor do the posts' counting triggers run row by row: the counts are rebuilt once, after the load.
      if (await postCountsShape(qr)) await qr.query(`SET ${POST_COUNTS_OFF} = 1`);
    }
    // A big load into an empty table builds the indexes it would fill at random afterwards, sorted, in one pass.
    const deferred = mysql && isBulk(options) && (await isEmpty(qr, 'posts')) ? await dropFilterIndexes(qr) : [];
    if (deferred.length) process.stderr.write(`seed: ${deferred.length} indexes of posts are built after the load\n`);
    await qr.startTransaction();
    try {
      const em = qr.manager;
      if (options.reset) for (const table of TABLES_CHILD_FIRST) await em.createQueryBuilder().delete().from(table).execute();
      const counties = await seedCounties(em);
      const categories = await seedCategories(em, options.site);
      const posts = await seedPosts(em, options, counties);
      const articles = await seedArticles(em, options.site);
      const published = ((await em.query('SELECT id FROM posts WHERE status = ? AND slug_extract <> ? ORDER BY id', ['publish', options.hiddenSlugExtract])) as { id: number | string }[]).map((p) => Number(p.id));
      const calendars = await seedCalendars(em, published);
      let activity: ActivityResult | undefined;
      let reviews = 0;
      if (!isBulk(options)) {
        if (options.ifEmpty) activity = await seedActivity(em, published);
        reviews = await seedReviews(em, options.site, published);
      }
      const shape = await postCountsShape(qr);
      if (shape === 'split') {
        // Counted as hidden: the name the seed wrote (the same configuration the API starts with, usePostCountsHidden).
        await qr.query(`UPDATE ${POST_COUNTS_HIDDEN_TABLE} SET slug_extract = ? WHERE id = 1`, [options.hiddenSlugExtract]);
      }
      if (shape) await rebuildPostCounts(qr, shape);
      // A running API's answer cache then shows the seeded rows (data_version: the public data changed).
      await em.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
      await qr.commitTransaction();
      return { seeded: true, counties: counties.length, categories: categories.length, posts, articles, reviews, activity, calendars };
    } catch (err) {
      await qr.rollbackTransaction();
      throw err;
    }
  } finally {
    try {
      if (mysql) await restoreIndexes(qr);
      if (mysql) await qr.query(`SET SESSION foreign_key_checks = 1, unique_checks = 1, ${POST_COUNTS_OFF} = NULL`);
    } finally {
      // The connection goes back to the pool with the checks on again (or is closed, if it broke).
      await qr.release();
    }
  }
}

/** From this many posts the seed defers the filter indexes of posts (MariaDB/MySQL). */
const BULK_POSTS = 50_000;

const isBulk = (options: SeedOptions) => (options.posts ?? 0) >= (options.bulkFrom ?? BULK_POSTS);

async function isEmpty(qr: QueryRunner, table: string): Promise<boolean> {
  return (await qr.query(`SELECT 1 FROM ${qr.connection.driver.escape(table)} LIMIT 1`)).length === 0;
}

/**
 * The plain indexes of posts the entity declares (the schema the migrations build) that no foreign key leans on and
 * that the load would fill all over: the count indexes and slug_extract's. The unique slug index is never among them;
 * the list indexes, ending in created_at, take a bulk seed's rows at their ends (see seedPosts).
 */
function deferrableIndexes(qr: QueryRunner): { name: string; columns: string[] }[] {
  const meta = qr.connection.getMetadata(PostEntity);
  const fkColumns = new Set(meta.foreignKeys.flatMap((fk) => fk.columns.map((c) => c.databaseName)));
  return meta.indices
    .filter((i) => !i.isUnique && !fkColumns.has(i.columns[0].databaseName) && i.columns[i.columns.length - 1].databaseName !== 'created_at')
    .map((i) => ({ name: i.name, columns: i.columns.map((c) => c.databaseName) }));
}

/** Drops the deferrable indexes of posts before a bulk load; restoreIndexes puts them back, also on the next run if this one died. */
async function dropFilterIndexes(qr: QueryRunner): Promise<string[]> {
  const present = new Set((await qr.query('SHOW INDEX FROM posts')).map((r: { Key_name: string }) => r.Key_name));
  const names = deferrableIndexes(qr)
    .filter((i) => present.has(i.name))
    .map((i) => i.name);
  if (names.length) await qr.query(`ALTER TABLE posts ${names.map((n) => `DROP INDEX ${qr.connection.driver.escape(n)}`).join(', ')}`);
  return names;
}

/** Adds any declared posts index that is missing (dropped by this run or one that died), in one ALTER: one pass over the rows. */
async function restoreIndexes(qr: QueryRunner): Promise<void> {
  // Only on the schema of the last migration: an older one has not made every index the entity names yet.
  if (await qr.connection.showMigrations()) return;
  const present = new Set((await qr.query('SHOW INDEX FROM posts')).map((r: { Key_name: string }) => r.Key_name));
  const missing = deferrableIndexes(qr).filter((i) => !present.has(i.name));
  if (!missing.length) return;
  const e = (n: string) => qr.connection.driver.escape(n);
  const started = Date.now();
  await qr.query(`ALTER TABLE posts ${missing.map((i) => `ADD INDEX ${e(i.name)} (${i.columns.map(e).join(', ')})`).join(', ')}`);
  process.stderr.write(`seed: built ${missing.length} indexes of posts in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Whether the tables the seed clears are referenced only among themselves, so TRUNCATE loses nothing DELETE would keep. */
async function truncatable(qr: QueryRunner): Promise<boolean> {
  const refs: { t: string; r: string }[] = await qr.query(
    'SELECT TABLE_NAME AS t, REFERENCED_TABLE_NAME AS r FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL',
  );
  const cleared = new Set(TABLES_CHILD_FIRST);
  const outside = [...new Set(refs.filter((x) => cleared.has(x.r) && !cleared.has(x.t)).map((x) => x.t))];
  for (const table of outside) {
    const [row] = await qr.query(`SELECT COUNT(*) AS n FROM ${qr.connection.driver.escape(table)}`);
    if (Number(row.n) > 0) return false;
  }
  return true;
}

async function seedCounties(em: EntityManager): Promise<CountyEntity[]> {
  const rows = COUNTY_SLUGS.map((slug) => ({ slug, name: countyNameFromSlug(slug) }));
  await em.getRepository(CountyEntity).insert(rows);
  return em.getRepository(CountyEntity).find();
}

async function seedCategories(em: EntityManager, site: Site): Promise<CategoryEntity[]> {
  const rows = CATEGORY_SEEDS[site].map((c) => ({
    id: c.id,
    name: c.name,
    nameAbbrev: c.nameAbbrev,
    slug: c.slug,
    description: c.description,
    svgPath: sanitizeIconSvg(svgIcon(c.icon)),
    isPrimary: c.isPrimary,
  }));
  await em.getRepository(CategoryEntity).insert(rows);
  return em.getRepository(CategoryEntity).find();
}

/** Posts per multi-row INSERT and between progress reports: big enough to be fast, small enough for SQLite's 32,766 parameters. */
const BATCH = 1000;

async function seedPosts(em: EntityManager, options: SeedOptions, counties: CountyEntity[]): Promise<number> {
  const { site } = options;
  const total = options.posts ?? DEFAULT_POSTS[site];
  const rnd = new Random(site === 'cliste' ? 20260002 : 20260001);
  const countyIds = new Map(counties.map((c) => [c.slug, c.id]));
  const seeds = CATEGORY_SEEDS[site];
  const categoryWeights = seeds.map((c) => [c, c.weight] as const);
  const countyWeights = COUNTY_SLUGS.map((s) => [s, COUNTY_WEIGHTS[s] ?? 1] as const);
  const usedSlugs = new Map<string, number>();
  // Ids are given, not read back: a million slugs need not be fetched again to attach the media rows.
  const [{ maxId }] = await em.query('SELECT MAX(id) AS maxId FROM posts');
  let nextId = Number(maxId ?? 0) + 1;
  let rows: Partial<PostEntity>[] = [];
  let videos: Partial<VideoEntity>[] = [];
  let audios: Partial<AudioEntity>[] = [];
  let pieces: Partial<PostPieceEntity>[] = [];
  // The catalogue the Repertoire migration wrote, by title (a title with several settings: the first).
  const catalogue: { id: number; title: string }[] = site === 'cliste' ? [] : await em.query('SELECT id, title FROM pieces ORDER BY id');
  const pieceIds = new Map<string, number>();
  for (const p of catalogue) if (!pieceIds.has(p.title)) pieceIds.set(p.title, Number(p.id));

  const bulk = isBulk(options);
  for (let i = 0; i < total; i++) {
    // Every category and every county gets at least one post before weights take over.
    const category = i < seeds.length ? seeds[i] : rnd.weighted(categoryWeights);
    const countySlug = i < COUNTY_SLUGS.length ? COUNTY_SLUGS[i] : rnd.weighted(countyWeights);
    const [area, lat, lng] = rnd.pick(COUNTY_TOWNS[countySlug]);
    const county = countyNameFromSlug(countySlug);
    const text = site === 'cliste' ? clisteLister(rnd, category, area, county) : churchLister(rnd, category, area, county);
    const prefix = site === 'cliste' ? (category.slug.startsWith(TOURS) ? TOURS : WORKSHOPS) : '';
    const slug = uniqueSlug(usedSlugs, prefix + slugify(text.title).replace(/^school-(tours|workshops)-/, ''));
    const hidden = i % 97 === 50;
    const status: PostStatus = i >= seeds.length && rnd.chance(0.07) ? 'draft' : 'publish';
    const randomAge = rnd.int(0, 1000) * DAY + rnd.int(0, 86_399) * 1000;
    // A bulk seed writes its posts oldest first over the same 1,000 days (ids grow with time, as on a live site), so
    // each created_at index takes rows at its end instead of all over: the demo seed keeps its scattered dates.
    const createdAt = new Date(NEWEST - (bulk ? Math.floor(((total - 1 - i) / total) * 1000 * DAY) + (randomAge % DAY) : randomAge));
    const youtube = rnd.chance(0.45) ? Array.from({ length: rnd.int(1, 2) }, () => youtubeId(rnd)) : [];
    const audio = rnd.chance(0.25)
      ? [{ url: `https://soundcloud.com/${slugify(text.audioArtist)}/${slugify(rnd.pick(['ave-maria', 'be-thou-my-vision', 'live-at-st-marys', 'showreel', 'highlights']))}`, title: `${text.audioArtist} - showreel` }]
      : [];
    const hasLocation = rnd.chance(0.95);
    const id = nextId++;
    const price = rnd.weighted(PRICE_WEIGHTS[site === 'cliste' ? 'cliste' : 'church']);
    rows.push({
      id,
      title: text.title,
      content: text.content,
      slug,
      slugExtract: hidden ? options.hiddenSlugExtract : slug,
      status,
      categoryId: category.id,
      countyId: countyIds.get(countySlug)!,
      price,
      ...seedPrice(site, id, price, category.slug),
      youtube1Id: youtube[0] ?? null,
      featuredAudioUrl: audio[0]?.url ?? null,
      area,
      latitude: hasLocation ? round(lat + (rnd.next() - 0.5) * 0.016) : null,
      longitude: hasLocation ? round(lng + (rnd.next() - 0.5) * 0.016) : null,
      hasLocation,
      ownerId: null,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + rnd.int(0, 60) * DAY),
      photoUploadedAt: null,
    });
    const lengths = youtube.map((youtubeId, n) => ({ youtubeId, duration: seedVideoLength(id, n) }));
    youtube.forEach((youtubeId, n) => videos.push({ postId: id, youtubeId, title: n ? 'Live performance' : 'Showreel', durationSeconds: lengths[n].duration }));
    if (site !== 'cliste') pieces.push(...seedRepertoire(id, category.slug, pieceIds, lengths));
    for (const a of audio) audios.push({ postId: id, ...a });
    if (rows.length === BATCH || i === total - 1) {
      // Children after their posts, so the load is valid with foreign key checks on (SQLite) as well as off.
      await insertMany(em, PostEntity, rows);
      await insertMany(em, VideoEntity, videos);
      await insertMany(em, AudioEntity, audios);
      for (let k = 0; k < pieces.length; k += BATCH) await insertMany(em, PostPieceEntity, pieces.slice(k, k + BATCH));
      pieces = [];
      rows = [];
      videos = [];
      audios = [];
      options.onProgress?.(i + 1, total);
    }
  }
  return total;
}

/**
 * One multi-row INSERT of plain rows, each value prepared by the driver as TypeORM would store it (dates, booleans),
 * without the query builder's per-row entity work, which costs more than the database at a million rows.
 */
export async function insertMany<T extends object>(em: EntityManager, target: EntityTarget<T>, rows: Partial<T>[]): Promise<void> {
  if (!rows.length) return;
  const meta = em.connection.getMetadata(target);
  const driver = em.connection.driver;
  const columns = meta.columns.filter((c) => rows.some((r) => (r as Record<string, unknown>)[c.propertyName] !== undefined));
  const params: unknown[] = [];
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (const row of rows) for (const c of columns) params.push(driver.preparePersistentValue((row as Record<string, unknown>)[c.propertyName] ?? null, c));
  const sql = `INSERT INTO ${driver.escape(meta.tableName)} (${columns.map((c) => driver.escape(c.databaseName)).join(', ')}) VALUES ${rows.map(() => tuple).join(', ')}`;
  await em.query(sql, params);
}

async function seedArticles(em: EntityManager, site: Site): Promise<number> {
  const seeds = ARTICLE_SEEDS[site];
  const rows = seeds.map((a, i) => {
    const slug = slugify(a.title);
    const publishedAt = new Date(NEWEST - (i * 23 + 5) * DAY);
    return {
      title: a.title,
      slug,
      excerpt: a.excerpt,
      content: sanitizeArticleHtml(articleHtml(a)),
      image: `${slug}.webp`,
      author: site === 'cliste' ? 'The Cliste team' : 'The Church Musicians team',
      status: 'publish' as const,
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    };
  });
  await em.getRepository(ArticleEntity).insert(rows);
  return rows.length;
}

export const articleHtml = (a: ArticleSeed): string => a.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');

function uniqueSlug(used: Map<string, number>, base: string): string {
  const n = (used.get(base) ?? 0) + 1;
  used.set(base, n);
  return n === 1 ? base : `${base}-${n}`;
}

const YT_CHARS = YT_ALPHABET.split('');

function youtubeId(rnd: Random): string {
  return Array.from({ length: 11 }, () => rnd.pick(YT_CHARS)).join('');
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
