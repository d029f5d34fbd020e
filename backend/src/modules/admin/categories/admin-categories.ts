import { AdminErrorCode, RequestErrorCode, SLUG_PATTERN } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { EntityManager, Not, Repository } from 'typeorm';
import type { AppConfig } from '../../../config/configuration';
import { InjectConfig } from '../../../config/config.module';
import { RequestException } from '../../../common/domain.exception';
import { NullAs } from '../../../common/nullable';
import { Trim } from '../../../common/transforms';
import type { Viewer } from '../../../common/viewer';
import { sanitizeIconSvg } from '../../../infra/html-sanitizer';
import { PostEntity } from '../../posts/post.entity';
import { CategoryEntity } from '../../taxonomy/category.entity';
import { TaxonomyService } from '../../taxonomy/taxonomy.service';
import { notFound, ResourceSpec, sameNames } from '../admin-list';
import { AdminResource, changesFrom, SpecRows } from '../admin-resource';
import { AdminException } from '../admin.exception';
import { AuditService } from '../audit/audit.service';

/**
 * A category's fields other than its name and slug. Create and update each add those two: class-validator merges a
 * parent's rules into a subclass, so a required field cannot be built on an optional one.
 */
class CategoryFieldsDto {
  @IsOptional() @Trim() @IsString() @IsNotEmpty({ message: 'name_abbrev must not be empty' }) @MaxLength(60) name_abbrev?: string;
  @IsOptional() @NullAs('') @IsString() @MaxLength(10_000) description?: string;
  /** Inline SVG; kept to the icon allowlist. */
  @IsOptional() @NullAs('') @IsString() @MaxLength(20_000) svg_path?: string;
  @IsOptional() @IsBoolean() is_primary?: boolean;
}

export class UpdateCategoryDto extends CategoryFieldsDto {
  @IsOptional() @Trim() @IsString() @IsNotEmpty({ message: 'name must not be empty' }) @MaxLength(120) name?: string;
  @IsOptional() @IsString() @MaxLength(120) @Matches(SLUG_PATTERN, { message: 'slug must be lowercase letters, digits and hyphens' }) slug?: string;
}

/** Ids are chosen, not generated: a parent group is an id range (PARENT_CATEGORIES), so the id places the category. */
export class CreateCategoryDto extends CategoryFieldsDto {
  @IsInt({ message: 'id must be a whole number' }) @Min(1) @Max(2_147_483_647) id!: number;
  @Trim() @IsString() @IsNotEmpty({ message: 'name must not be empty' }) @MaxLength(120) name!: string;
  @IsString() @MaxLength(120) @Matches(SLUG_PATTERN, { message: 'slug must be lowercase letters, digits and hyphens' }) slug!: string;
}

const SPEC: ResourceSpec = {
  resource: 'categories',
  alias: 'c',
  columns: sameNames('id', 'name', 'name_abbrev', 'slug', 'is_primary'),
  defaultSort: { field: 'id', order: 'ASC' },
  search: ['name', 'slug'],
};

/** A category's admin row, with the parent group its id falls in (cliste) shown beside it. */
const categoryRow = (parents: AppConfig['taxonomy']['parentCategories']) => (c: CategoryEntity) => ({
  id: c.id,
  name: c.name,
  name_abbrev: c.nameAbbrev,
  slug: c.slug,
  description: c.description,
  svg_path: c.svgPath,
  is_primary: c.isPrimary,
  parent: parents.find((p) => c.id >= p.minId && (p.maxId === null || c.id <= p.maxId))?.slug ?? null,
});

@Injectable()
export class AdminCategoriesService extends SpecRows<CategoryEntity, ReturnType<ReturnType<typeof categoryRow>>> {
  constructor(
    @InjectRepository(CategoryEntity) categories: Repository<CategoryEntity>,
    private readonly audit: AuditService,
    private readonly taxonomy: TaxonomyService,
    @InjectConfig() config: AppConfig,
  ) {
    super(categories, SPEC, categoryRow(config.taxonomy.parentCategories));
  }

  async create(viewer: Viewer, dto: CreateCategoryDto) {
    const row = await this.audit.change(viewer, { action: 'create', resource: 'categories', recordId: dto.id, publicData: true }, async (m) => {
      if (await m.existsBy(CategoryEntity, { id: dto.id })) throw invalid('id', `id ${dto.id} is taken`);
      await this.checkSlug(m, dto.slug, dto.id);
      await m.insert(CategoryEntity, { id: dto.id, ...this.fields(dto), nameAbbrev: dto.name_abbrev ?? dto.name, description: dto.description ?? '', svgPath: sanitizeIconSvg(dto.svg_path ?? '') });
      return { before: null, after: this.row(await m.findOneByOrFail(CategoryEntity, { id: dto.id })) };
    });
    this.taxonomy.refresh();
    return row;
  }

  async update(viewer: Viewer, id: number, dto: UpdateCategoryDto) {
    const row = await this.audit.change(viewer, { action: 'update', resource: 'categories', recordId: id, publicData: true }, async (m) => {
      const before = await m.findOneBy(CategoryEntity, { id });
      if (!before) throw notFound('categories', id);
      await this.checkSlug(m, dto.slug, id);
      const changes = this.fields(dto);
      if (Object.keys(changes).length) await m.update(CategoryEntity, { id }, changes);
      return { before: this.row(before), after: this.row(await m.findOneByOrFail(CategoryEntity, { id })) };
    });
    this.taxonomy.refresh();
    return row;
  }

  /** Listings keep their category (RESTRICT): a category in use is refused, naming how many use it. */
  async remove(viewer: Viewer, id: number) {
    const row = await this.audit.change(viewer, { action: 'delete', resource: 'categories', recordId: id, publicData: true }, async (m) => {
      const before = await m.findOneBy(CategoryEntity, { id });
      if (!before) throw notFound('categories', id);
      const used = await m.countBy(PostEntity, { categoryId: id });
      if (used) throw invalid('id', `${used} listings are in this category; move them first`);
      await m.delete(CategoryEntity, { id });
      return { before: this.row(before), after: null };
    });
    this.taxonomy.refresh();
    return row;
  }

  private fields(dto: UpdateCategoryDto) {
    return changesFrom<UpdateCategoryDto, CategoryEntity>(dto, {
      name: 'name',
      name_abbrev: 'nameAbbrev',
      slug: 'slug',
      description: 'description',
      svg_path: (svg) => ({ svgPath: sanitizeIconSvg(svg) }),
      is_primary: 'isPrimary',
    });
  }

  private async checkSlug(m: EntityManager, slug: string | undefined, id: number) {
    if (slug && (await m.existsBy(CategoryEntity, { slug, id: Not(id) }))) throw new AdminException(AdminErrorCode.SlugTaken, { field: 'slug' });
  }
}

const invalid = (field: string, message: string) => new RequestException(RequestErrorCode.ValidationFailed, { field, errors: [{ field, message }], values: [[{ message }]] });

@AdminResource({ resource: 'categories', service: AdminCategoriesService }, { create: CreateCategoryDto, update: UpdateCategoryDto, remove: true })
export class AdminCategoriesController {}
