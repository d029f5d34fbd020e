import { AdminErrorCode, SLUG_PATTERN } from '@directory/domain';
import { Body, Controller, Delete, Get, Injectable, Param, Post, Put, Query } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsDateString, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EntityManager, Not, Repository } from 'typeorm';
import { IdParamDto } from '../../../common/id-param.dto';
import { Roles } from '../../../common/roles.guard';
import { SimpleRestQueryDto } from '../../../common/simple-rest';
import { Trim } from '../../../common/transforms';
import { CurrentViewer, Viewer } from '../../../common/viewer';
import { sanitizeArticleHtml } from '../../../infra/html-sanitizer';
import { ArticleEntity } from '../../articles/article.entity';
import { findOr404, listPage, notFound, ResourceSpec } from '../admin-list';
import { AdminException } from '../admin.exception';
import { AuditService } from '../audit/audit.service';

const STATUSES = ['publish', 'draft'] as const;

export class UpdateArticleDto {
  @IsOptional() @Trim() @IsString() @IsNotEmpty({ message: 'title must not be empty' }) @MaxLength(200) title?: string;
  @IsOptional() @IsString() @MaxLength(200) @Matches(SLUG_PATTERN, { message: 'slug must be lowercase letters, digits and hyphens' }) slug?: string;
  @IsOptional() @IsString() @MaxLength(2000) excerpt?: string;
  /** HTML; kept to the article allowlist (infra/html-sanitizer.ts). */
  @IsOptional() @IsString() @MaxLength(200_000) content?: string;
  @IsOptional() @Trim() @IsString() @MaxLength(120) author?: string;
  @IsOptional() @IsIn(STATUSES, { message: 'status must be publish or draft' }) status?: 'publish' | 'draft';
  @IsOptional() @IsDateString({}, { message: 'published_at must be an ISO date' }) published_at?: string;
}

export class CreateArticleDto extends UpdateArticleDto {
  @Trim() @IsString() @IsNotEmpty({ message: 'title must not be empty' }) @MaxLength(200) declare title: string;
  @IsString() @MaxLength(200) @Matches(SLUG_PATTERN, { message: 'slug must be lowercase letters, digits and hyphens' }) declare slug: string;
}

const SPEC: ResourceSpec = {
  resource: 'articles',
  alias: 'a',
  columns: { id: 'id', title: 'title', slug: 'slug', status: 'status', author: 'author', published_at: 'published_at', updated_at: 'updated_at' },
  defaultSort: { field: 'published_at', order: 'DESC' },
  search: ['title', 'slug'],
};

export const mapAdminArticle = (a: ArticleEntity) => ({
  id: a.id,
  title: a.title,
  slug: a.slug,
  excerpt: a.excerpt,
  content: a.content,
  image: a.image,
  author: a.author,
  status: a.status,
  published_at: a.publishedAt,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

@Injectable()
export class AdminArticlesService {
  constructor(
    @InjectRepository(ArticleEntity) private readonly articles: Repository<ArticleEntity>,
    private readonly audit: AuditService,
  ) {}

  list(query: SimpleRestQueryDto) {
    return listPage(this.articles, SPEC, query, mapAdminArticle);
  }

  async one(id: number) {
    return mapAdminArticle(await findOr404(this.articles, 'articles', id));
  }

  async create(viewer: Viewer, dto: CreateArticleDto) {
    return this.audit.change(viewer, { action: 'create', resource: 'articles', recordId: dto.slug }, async (m) => {
      await this.checkSlug(m, dto.slug, 0);
      const { identifiers } = await m.insert(ArticleEntity, {
        excerpt: '',
        content: '',
        author: '',
        status: 'draft',
        publishedAt: new Date(),
        ...this.fields(dto),
      });
      return { before: null, after: mapAdminArticle(await m.findOneByOrFail(ArticleEntity, { id: identifiers[0].id as number })) };
    });
  }

  async update(viewer: Viewer, id: number, dto: UpdateArticleDto) {
    return this.audit.change(viewer, { action: 'update', resource: 'articles', recordId: id }, async (m) => {
      const before = await m.findOneBy(ArticleEntity, { id });
      if (!before) throw notFound('articles', id);
      await this.checkSlug(m, dto.slug, id);
      const changes = this.fields(dto);
      if (Object.keys(changes).length) await m.update(ArticleEntity, { id }, changes);
      return { before: mapAdminArticle(before), after: mapAdminArticle(await m.findOneByOrFail(ArticleEntity, { id })) };
    });
  }

  async remove(viewer: Viewer, id: number) {
    return this.audit.change(viewer, { action: 'delete', resource: 'articles', recordId: id }, async (m) => {
      const before = await m.findOneBy(ArticleEntity, { id });
      if (!before) throw notFound('articles', id);
      await m.delete(ArticleEntity, { id });
      return { before: mapAdminArticle(before), after: null };
    });
  }

  private fields(dto: UpdateArticleDto): Partial<ArticleEntity> {
    return {
      ...(dto.title !== undefined && { title: dto.title }),
      ...(dto.slug !== undefined && { slug: dto.slug }),
      ...(dto.excerpt !== undefined && { excerpt: dto.excerpt }),
      ...(dto.content !== undefined && { content: sanitizeArticleHtml(dto.content) }),
      ...(dto.author !== undefined && { author: dto.author }),
      ...(dto.status !== undefined && { status: dto.status }),
      ...(dto.published_at !== undefined && { publishedAt: new Date(dto.published_at) }),
    };
  }

  private async checkSlug(m: EntityManager, slug: string | undefined, id: number) {
    if (slug && (await m.existsBy(ArticleEntity, { slug, id: Not(id) }))) throw new AdminException(AdminErrorCode.SlugTaken, { field: 'slug' });
  }
}

@Controller('api/admin/articles')
@Roles('admin')
export class AdminArticlesController {
  constructor(private readonly articles: AdminArticlesService) {}

  @Get()
  list(@Query() query: SimpleRestQueryDto) {
    return this.articles.list(query);
  }

  @Get(':id')
  one(@Param() { id }: IdParamDto) {
    return this.articles.one(id);
  }

  @Post()
  create(@CurrentViewer() viewer: Viewer, @Body() dto: CreateArticleDto) {
    return this.articles.create(viewer, dto);
  }

  @Put(':id')
  update(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto, @Body() dto: UpdateArticleDto) {
    return this.articles.update(viewer, id, dto);
  }

  @Delete(':id')
  remove(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto) {
    return this.articles.remove(viewer, id);
  }
}
