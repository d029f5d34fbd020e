import { ParentCategoryDto, TaxonomyErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { DataVersion } from '../data-version/data-version';
import type { CategoryEntity } from './category.entity';
import type { CountyEntity } from './county.entity';
import { CategoryDto, CountyDto, mapCategory, mapCounty } from './taxonomy.mapper';
import { TaxonomyException } from './taxonomy.exception';
import { TaxonomyRepository } from './taxonomy.repository';

/** What a catSlug selects: everything, one category, or a parent's id range. */
export type CategoryFilter =
  | { kind: 'all' }
  | { kind: 'one'; id: number }
  | { kind: 'range'; minId: number; maxId: number | null };

export interface TaxonomyLookup {
  category: (id: number) => CategoryDto | undefined;
  county: (id: number) => CountyDto | undefined;
}


interface Snapshot {
  loadedAt: number;
  categories: CategoryDto[];
  categoryById: Map<number, CategoryDto>;
  categoryBySlug: Map<string, CategoryDto>;
  counties: CountyDto[];
  countyById: Map<number, CountyDto & { id: number }>;
  countyBySlug: Map<string, CountyDto & { id: number }>;
}

/**
 * Categories and counties change rarely and are read on every listing, so they are held in memory: for one data
 * version (an admin edit in any API process moves it), and at most this long.
 */
const CACHE_MS = 30_000;

@Injectable()
export class TaxonomyService {
  private snapshot: { version: string; loading: Promise<Snapshot> } | null = null;

  constructor(
    private readonly repo: TaxonomyRepository,
    private readonly version: DataVersion,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Drop the cached taxonomy (after an admin edit or a re-seed). */
  refresh(): void {
    this.snapshot = null;
  }

  async categories(): Promise<CategoryDto[]> {
    return (await this.load()).categories;
  }

  async counties(): Promise<CountyDto[]> {
    return (await this.load()).counties;
  }

  parents(): ParentCategoryDto[] {
    return this.config.taxonomy.parentCategories.map(({ slug, name }) => ({ slug, name }));
  }

  /** Synchronous lookups by id over one snapshot, for mapping many rows at once. */
  async lookup(): Promise<TaxonomyLookup> {
    const s = await this.load();
    return { category: (id) => s.categoryById.get(id), county: (id) => s.countyById.get(id) };
  }

  async categoryBySlug(slug: string): Promise<CategoryDto> {
    const category = (await this.load()).categoryBySlug.get(slug);
    if (!category) throw new TaxonomyException(TaxonomyErrorCode.CategoryNotFound, { field: 'slug', values: [slug] });
    return category;
  }

  /** Resolves a catSlug: '' or the all-categories slug select all; a parent slug selects its children. */
  async categoryFilter(catSlug: string | undefined): Promise<CategoryFilter> {
    const { allCategoriesSlug, parentCategories } = this.config.taxonomy;
    if (!catSlug || catSlug === allCategoriesSlug) return { kind: 'all' };
    const parent = parentCategories.find((p) => p.slug === catSlug);
    if (parent) return { kind: 'range', minId: parent.minId, maxId: parent.maxId };
    const category = (await this.load()).categoryBySlug.get(catSlug);
    if (!category) throw new TaxonomyException(TaxonomyErrorCode.CategoryNotFound, { field: 'catSlug', values: [catSlug] });
    return { kind: 'one', id: category.id };
  }

  /** Resolves a tagSlug to a county id; '' or 'all-counties' select every county (undefined). */
  async countyFilter(tagSlug: string | undefined): Promise<number | undefined> {
    if (!tagSlug || tagSlug === this.config.taxonomy.allCountiesSlug) return undefined;
    const county = (await this.load()).countyBySlug.get(tagSlug);
    if (!county) throw new TaxonomyException(TaxonomyErrorCode.CountyNotFound, { field: 'tagSlug', values: [tagSlug] });
    return county.id;
  }

  /** A county's id by its slug, or undefined: for writes that name a county (a post's tag_slug). */
  async countyId(slug: string): Promise<number | undefined> {
    return (await this.load()).countyBySlug.get(slug)?.id;
  }

  private async load(): Promise<Snapshot> {
    const version = await this.version.latest();
    const held = this.snapshot;
    if (held && held.version === version) {
      const s = await held.loading;
      if (Date.now() - s.loadedAt < CACHE_MS) return s;
    }
    return this.reload(version);
  }

  private reload(version: string): Promise<Snapshot> {
    const loading = Promise.all([this.repo.allCategories(), this.repo.allCounties()]).then(([cats, counties]) =>
      this.build(cats, counties),
    );
    const held = { version, loading };
    this.snapshot = held;
    // A failed load must not be cached.
    loading.catch(() => {
      if (this.snapshot === held) this.snapshot = null;
    });
    return loading;
  }

  private build(cats: CategoryEntity[], counties: CountyEntity[]): Snapshot {
    const categories = sortCategories(cats.map((c) => mapCategory(c, this.config.taxonomy.parentCategories)));
    const countyRows = counties.map((c) => ({ ...mapCounty(c), id: c.id }));
    return {
      loadedAt: Date.now(),
      categories,
      categoryById: new Map(categories.map((c) => [c.id, c])),
      categoryBySlug: new Map(categories.map((c) => [c.slug, c])),
      counties: sortCounties(countyRows).map(({ slug, name }) => ({ slug, name })),
      countyById: new Map(countyRows.map((c) => [c.id, c])),
      countyBySlug: new Map(countyRows.map((c) => [c.slug, c])),
    };
  }
}

/** Categories sorted by name and deduplicated by slug. */
export function sortCategories<T extends { slug: string; name: string }>(list: T[]): T[] {
  const bySlug = new Map<string, T>();
  for (const c of list) if (!bySlug.has(c.slug)) bySlug.set(c.slug, c);
  return [...bySlug.values()].sort((a, b) => a.name.localeCompare(b.name, 'en-IE') || a.slug.localeCompare(b.slug));
}

/** County (tag) lists deduplicated and sorted alphabetically. */
export function sortCounties<T extends { name: string }>(list: T[]): T[] {
  const byName = new Map<string, T>();
  for (const c of list) if (!byName.has(c.name)) byName.set(c.name, c);
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name, 'en-IE'));
}
