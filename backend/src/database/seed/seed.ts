import { DataSource, EntityManager } from 'typeorm';
import { CLISTE_PROFILE_PREFIXES, COUNTY_TOWNS, PostStatus, PriceType, Site } from '@directory/domain';
import { sanitizeArticleHtml, sanitizeIconSvg } from '../../infra/html-sanitizer';
import { ArticleEntity } from '../../modules/articles/article.entity';
import { AudioEntity } from '../../modules/media/audio.entity';
import { VideoEntity } from '../../modules/media/video.entity';
import { PostEntity } from '../../modules/posts/post.entity';
import { CategoryEntity } from '../../modules/taxonomy/category.entity';
import { CountyEntity } from '../../modules/taxonomy/county.entity';
import { countyNameFromSlug } from '../../modules/taxonomy/taxonomy.mapper';
import { ARTICLE_SEEDS, ArticleSeed } from './articles';
import { CATEGORY_SEEDS } from './categories';
import { svgIcon } from './icons';
import { churchLister, clisteLister } from './listers';
import { COUNTY_SLUGS, COUNTY_WEIGHTS } from './places';
import { Random, slugify } from './random';

export interface SeedOptions {
  site: Site;
  /** How many posts; defaults to the demo size of the site (160 church/multi, 640 cliste). */
  posts?: number;
  /** slug_extract value that hides a post from non-admins; a few seeded posts use it. */
  hiddenSlugExtract: string;
  /** Delete existing rows first. */
  reset?: boolean;
  /** Do nothing when the database already holds counties (first-run seeding for `make start`). */
  ifEmpty?: boolean;
}

export interface SeedResult {
  seeded: boolean;
  counties: number;
  categories: number;
  posts: number;
  articles: number;
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
const TABLES_CHILD_FIRST = ['stat_days', 'enquiries', 'audios', 'videos', 'posts', 'articles', 'categories', 'counties'];

export async function seedDatabase(ds: DataSource, options: SeedOptions): Promise<SeedResult> {
  if (options.ifEmpty && (await ds.getRepository(CountyEntity).count()) > 0) {
    return { seeded: false, counties: 0, categories: 0, posts: 0, articles: 0 };
  }
  return ds.transaction(async (em) => {
    if (options.reset) for (const table of TABLES_CHILD_FIRST) await em.createQueryBuilder().delete().from(table).execute();
    const counties = await seedCounties(em);
    const categories = await seedCategories(em, options.site);
    const posts = await seedPosts(em, options, counties, categories);
    const articles = await seedArticles(em, options.site);
    // A running API's answer cache then shows the seeded rows (data_version: the public data changed).
    await em.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
    return { seeded: true, counties: counties.length, categories: categories.length, posts, articles };
  });
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

async function seedPosts(em: EntityManager, options: SeedOptions, counties: CountyEntity[], categories: CategoryEntity[]): Promise<number> {
  const { site } = options;
  const total = options.posts ?? DEFAULT_POSTS[site];
  const rnd = new Random(site === 'cliste' ? 20260002 : 20260001);
  const countyIds = new Map(counties.map((c) => [c.slug, c.id]));
  const seeds = CATEGORY_SEEDS[site];
  const categoryWeights = seeds.map((c) => [c, c.weight] as const);
  const countyWeights = COUNTY_SLUGS.map((s) => [s, COUNTY_WEIGHTS[s] ?? 1] as const);
  const usedSlugs = new Map<string, number>();
  const media: { slug: string; youtube: string[]; audio: { url: string; title: string }[] }[] = [];
  const rows: Partial<PostEntity>[] = [];

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
    const createdAt = new Date(NEWEST - rnd.int(0, 1000) * DAY - rnd.int(0, 86_399) * 1000);
    const youtube = rnd.chance(0.45) ? Array.from({ length: rnd.int(1, 2) }, () => youtubeId(rnd)) : [];
    const audio = rnd.chance(0.25)
      ? [{ url: `https://soundcloud.com/${slugify(text.audioArtist)}/${slugify(rnd.pick(['ave-maria', 'be-thou-my-vision', 'live-at-st-marys', 'showreel', 'highlights']))}`, title: `${text.audioArtist} - showreel` }]
      : [];
    const hasLocation = rnd.chance(0.95);
    rows.push({
      title: text.title,
      content: text.content,
      slug,
      slugExtract: hidden ? options.hiddenSlugExtract : slug,
      status,
      categoryId: category.id,
      countyId: countyIds.get(countySlug)!,
      price: rnd.weighted(PRICE_WEIGHTS[site === 'cliste' ? 'cliste' : 'church']),
      youtube1Id: youtube[0] ?? null,
      featuredAudioUrl: audio[0]?.url ?? null,
      area,
      latitude: hasLocation ? round(lat + (rnd.next() - 0.5) * 0.016) : null,
      longitude: hasLocation ? round(lng + (rnd.next() - 0.5) * 0.016) : null,
      hasLocation,
      ownerId: null,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + rnd.int(0, 60) * DAY),
    });
    if (youtube.length || audio.length) media.push({ slug, youtube, audio });
  }

  for (const chunk of chunks(rows, 200)) await em.getRepository(PostEntity).insert(chunk);

  const ids = new Map(
    (await em.getRepository(PostEntity).find({ select: { id: true, slug: true } })).map((p) => [p.slug, p.id]),
  );
  const videos = media.flatMap((m) => m.youtube.map((youtubeId, n) => ({ postId: ids.get(m.slug)!, youtubeId, title: n ? 'Live performance' : 'Showreel' })));
  const audios = media.flatMap((m) => m.audio.map((a) => ({ postId: ids.get(m.slug)!, ...a })));
  for (const chunk of chunks(videos, 300)) await em.getRepository(VideoEntity).insert(chunk);
  for (const chunk of chunks(audios, 300)) await em.getRepository(AudioEntity).insert(chunk);
  return rows.length;
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

function youtubeId(rnd: Random): string {
  return Array.from({ length: 11 }, () => rnd.pick(YT_ALPHABET.split(''))).join('');
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
