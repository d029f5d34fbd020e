import { DataSource } from 'typeorm';
import { ArticleEntity } from '../../src/modules/articles/article.entity';
import { AudioEntity } from '../../src/modules/media/audio.entity';
import { VideoEntity } from '../../src/modules/media/video.entity';
import { PostEntity } from '../../src/modules/posts/post.entity';
import { CategoryEntity } from '../../src/modules/taxonomy/category.entity';
import { CountyEntity } from '../../src/modules/taxonomy/county.entity';

export const HIDDEN = 'hidden-listing';

let n = 0;
const day = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000);

export function category(id: number, slug: string, name: string, extra: Partial<CategoryEntity> = {}): Partial<CategoryEntity> {
  return { id, slug, name, nameAbbrev: name.split(' ')[0], description: `${name} in Ireland`, svgPath: '<svg></svg>', isPrimary: true, ...extra };
}

/** A post in a county given by slug (county ids are generated, so they are looked up on insert). */
export function post(slug: string, categoryId: number, county: string, extra: Omit<Partial<PostEntity>, 'county'> = {}): FixturePost {
  n += 1;
  return {
    county,
    title: slug.replace(/-/g, ' '),
    content: `Profile of ${slug}.`,
    slug,
    slugExtract: slug,
    status: 'publish',
    categoryId,
    price: 'charge',
    area: 'Town',
    latitude: 53.3,
    longitude: -6.2,
    hasLocation: true,
    createdAt: day(n),
    updatedAt: day(n),
    ...extra,
  };
}

export async function insert(ds: DataSource, data: {
  counties?: Partial<CountyEntity>[];
  categories?: Partial<CategoryEntity>[];
  posts?: FixturePost[];
  audios?: Partial<AudioEntity>[];
  videos?: Partial<VideoEntity>[];
  articles?: Partial<ArticleEntity>[];
}): Promise<Record<string, number>> {
  if (data.counties) await ds.getRepository(CountyEntity).insert(data.counties);
  if (data.categories) await ds.getRepository(CategoryEntity).insert(data.categories);
  const countyIds = new Map((await ds.getRepository(CountyEntity).find()).map((c) => [c.slug, c.id]));
  for (const { county, ...p } of data.posts ?? []) await ds.getRepository(PostEntity).insert({ ...p, countyId: countyIds.get(county) });
  const ids = Object.fromEntries((await ds.getRepository(PostEntity).find()).map((p) => [p.slug, p.id]));
  if (data.audios) await ds.getRepository(AudioEntity).insert(data.audios);
  if (data.videos) await ds.getRepository(VideoEntity).insert(data.videos);
  if (data.articles) await ds.getRepository(ArticleEntity).insert(data.articles);
  await bumpDataVersion(ds);
  return ids;
}

/**
 * Fixtures write behind the API's back: they move the data version as the API's own writes do, so the answer cache
 * (tests read the version on every request, DATA_VERSION_CHECK_MS=0) shows them on the next read.
 */
export async function bumpDataVersion(ds: DataSource): Promise<void> {
  await ds.query('UPDATE data_version SET version = version + 1 WHERE id = 1');
}

export type FixturePost = Omit<Partial<PostEntity>, 'county'> & { county: string };

export const COUNTIES: Partial<CountyEntity>[] = ['cork', 'dublin', 'galway', 'kerry'].map((slug) => ({
  slug,
  name: slug[0].toUpperCase() + slug.slice(1),
}));
