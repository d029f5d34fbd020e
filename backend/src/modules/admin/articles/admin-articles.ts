import { AdminErrorCode, RequestErrorCode, SLUG_PATTERN } from '@directory/domain';
import { randomBytes } from 'node:crypto';
import { RouteConfig } from '@nestjs/platform-fastify';
import { Body, Injectable, Logger, Param, Put } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsDateString, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { EntityManager, Not, Repository } from 'typeorm';
import { RequestException } from '../../../common/domain.exception';
import { IdParamDto } from '../../../common/id-param.dto';
import { IMAGE_BODY } from '../../../common/image-body';
import { NullAs } from '../../../common/nullable';
import { Trim } from '../../../common/transforms';
import { CurrentViewer, Viewer } from '../../../common/viewer';
import { coverArtSpec, CoverArtRenderer } from '../../../infra/cover-art';
import { FileStore } from '../../../infra/file-store';
import { sanitizeArticleHtml } from '../../../infra/html-sanitizer';
import { COVER_SIZE, COVER_WIDTHS, coverPaths, coverVariantName, forgetDrawnArt, narrowerCopy, newImageVersion, scaledHeight } from '../../../infra/images';
import { ArticleEntity } from '../../articles/article.entity';
import { DataVersion } from '../../data-version/data-version';
import { findOr404, notFound, ResourceSpec, sameNames } from '../admin-list';
import { AdminResource, changesFrom, SpecRows } from '../admin-resource';
import { AdminException } from '../admin.exception';
import { AuditService } from '../audit/audit.service';

const STATUSES = ['publish', 'draft'] as const;

/**
 * An article's fields other than its title and slug. Create and update each add those two: class-validator merges a
 * parent's rules into a subclass, so a required field cannot be built on an optional one.
 */
class ArticleFieldsDto {
  @IsOptional() @NullAs('') @IsString() @MaxLength(2000) excerpt?: string;
  /** HTML; kept to the article allowlist (infra/html-sanitizer.ts). */
  @IsOptional() @NullAs('') @IsString() @MaxLength(200_000) content?: string;
  @IsOptional() @NullAs('') @Trim() @IsString() @MaxLength(120) author?: string;
  @IsOptional() @IsIn(STATUSES, { message: 'status must be publish or draft' }) status?: 'publish' | 'draft';
  @IsOptional() @IsDateString({}, { message: 'published_at must be an ISO date' }) published_at?: string;
}

export class UpdateArticleDto extends ArticleFieldsDto {
  @IsOptional() @Trim() @IsString() @IsNotEmpty({ message: 'title must not be empty' }) @MaxLength(200) title?: string;
  @IsOptional() @IsString() @MaxLength(200) @Matches(SLUG_PATTERN, { message: 'slug must be lowercase letters, digits and hyphens' }) slug?: string;
}

export class CreateArticleDto extends ArticleFieldsDto {
  @Trim() @IsString() @IsNotEmpty({ message: 'title must not be empty' }) @MaxLength(200) title!: string;
  @IsString() @MaxLength(200) @Matches(SLUG_PATTERN, { message: 'slug must be lowercase letters, digits and hyphens' }) slug!: string;
}

const SPEC: ResourceSpec = {
  resource: 'articles',
  alias: 'a',
  columns: sameNames('id', 'title', 'slug', 'status', 'author', 'published_at', 'updated_at'),
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
export class AdminArticlesService extends SpecRows<ArticleEntity, ReturnType<typeof mapAdminArticle>> {
  private readonly log = new Logger(AdminArticlesService.name);

  constructor(
    @InjectRepository(ArticleEntity) private readonly articles: Repository<ArticleEntity>,
    private readonly audit: AuditService,
    private readonly art: CoverArtRenderer,
    private readonly files: FileStore,
    private readonly version: DataVersion,
  ) {
    super(articles, SPEC, mapAdminArticle);
  }

  /**
   * An uploaded cover photo, cropped to the site's 1200x630 and stored as WebP under a new name each time (the
   * images are cached for a week under their name, so a replaced cover must not keep the old one's).
   */
  async cover(viewer: Viewer, id: number, image: unknown) {
    if (!Buffer.isBuffer(image) || !image.length) throw new RequestException(RequestErrorCode.UnsupportedMediaType);
    const article = await findOr404(this.articles, 'articles', id);
    const webp = await this.art.photo(image, 1200, 630);
    if (!webp) {
      const message = 'file must be a JPEG, PNG or WebP image';
      throw new RequestException(RequestErrorCode.ValidationFailed, { field: 'file', errors: [{ field: 'file', message }], values: [[{ message }]] });
    }
    const name = `${article.slug.slice(0, 180)}-${randomBytes(4).toString('hex')}.webp`;
    await this.files.write(`article-assets/${name}`, webp);
    // The narrower copies for srcset, written now rather than on the first visitor's request.
    await Promise.all(COVER_WIDTHS.map(async (w) => this.files.write(`article-assets/${coverVariantName(name, w)}`, await narrowerCopy(webp, w, scaledHeight(COVER_SIZE[0], COVER_SIZE[1], w)))));
    let old = '';
    const answer = await this.audit.change(viewer, { action: 'cover', resource: 'articles', recordId: id, publicData: true }, async (m) => {
      const before = await m.findOneBy(ArticleEntity, { id });
      if (!before) throw notFound('articles', id);
      await m.update(ArticleEntity, { id }, { image: name, imageVersion: newImageVersion(before.imageVersion) });
      if (before.image && !(await m.countBy(ArticleEntity, { image: before.image }))) old = before.image;
      return { before: mapAdminArticle(before), after: mapAdminArticle(await m.findOneByOrFail(ArticleEntity, { id })) };
    });
    await this.removeCover(old);
    return answer;
  }

  /** A cover no article names any more (replaced, or its article deleted) goes with its copies; failures are only logged. */
  private async removeCover(image: string): Promise<void> {
    for (const path of coverPaths(image)) await this.files.remove(path).catch((err) => this.log.error(`Could not remove ${path}: ${String(err)}`));
  }

  async create(viewer: Viewer, dto: CreateArticleDto) {
    return this.audit.change(viewer, { action: 'create', resource: 'articles', recordId: dto.slug, publicData: true }, async (m) => {
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
    let redraw = null as { before: ArticleEntity; after: ArticleEntity } | null;
    const answer = await this.audit.change(viewer, { action: 'update', resource: 'articles', recordId: id, publicData: true }, async (m) => {
      const before = await m.findOneBy(ArticleEntity, { id });
      if (!before) throw notFound('articles', id);
      await this.checkSlug(m, dto.slug, id);
      const changes = this.fields(dto);
      if (Object.keys(changes).length) await m.update(ArticleEntity, { id }, changes);
      const after = await m.findOneByOrFail(ArticleEntity, { id });
      if (after.title !== before.title || after.slug !== before.slug) redraw = { before, after };
      return { before: mapAdminArticle(before), after: mapAdminArticle(after) };
    });
    if (redraw) await this.redrawCoverArt(redraw.before, redraw.after);
    return answer;
  }

  /**
   * After a new title (or slug, which picks the colours) is stored: a cover that is drawn art of the former one goes
   * with its copies, to be drawn anew by /storage/, and the article gets a new image_version (its `?v=`) only then, so
   * no cache keeps the former art under the new URL. An uploaded cover stays. Failures are only logged.
   */
  private async redrawCoverArt(before: ArticleEntity, after: ArticleEntity): Promise<void> {
    const [full, ...copies] = coverPaths(before.image);
    if (!full) return;
    try {
      if (await forgetDrawnArt(this.files, this.art, [{ full, copies, art: coverArtSpec(before.title, before.slug, COVER_SIZE[0], COVER_SIZE[1]) }])) {
        await this.articles.manager.transaction(async (m) => {
          await m.update(ArticleEntity, { id: after.id }, { imageVersion: newImageVersion(after.imageVersion) });
          await this.version.bump(m);
        });
      }
    } catch (err) {
      this.log.error(`Could not redraw the cover art of article ${after.id}: ${String(err)}`);
    }
  }

  async remove(viewer: Viewer, id: number) {
    let old = '';
    const answer = await this.audit.change(viewer, { action: 'delete', resource: 'articles', recordId: id, publicData: true }, async (m) => {
      const before = await m.findOneBy(ArticleEntity, { id });
      if (!before) throw notFound('articles', id);
      await m.delete(ArticleEntity, { id });
      if (before.image && !(await m.countBy(ArticleEntity, { image: before.image }))) old = before.image;
      return { before: mapAdminArticle(before), after: null };
    });
    await this.removeCover(old);
    return answer;
  }

  private fields(dto: UpdateArticleDto) {
    return changesFrom<UpdateArticleDto, ArticleEntity>(dto, {
      title: 'title',
      slug: 'slug',
      excerpt: 'excerpt',
      content: (html) => ({ content: sanitizeArticleHtml(html) }),
      author: 'author',
      status: 'status',
      published_at: (at) => ({ publishedAt: new Date(at) }),
    });
  }

  private async checkSlug(m: EntityManager, slug: string | undefined, id: number) {
    if (slug && (await m.existsBy(ArticleEntity, { slug, id: Not(id) }))) throw new AdminException(AdminErrorCode.SlugTaken, { field: 'slug' });
  }
}

@AdminResource({ resource: 'articles', service: AdminArticlesService }, { create: CreateArticleDto, update: UpdateArticleDto, remove: true })
export class AdminArticlesController {
  declare readonly rows: AdminArticlesService;

  /** The cover photo as the raw file: `PUT` with `Content-Type: image/jpeg|png|webp` (up to 8 MB). */
  @Put(':id/cover')
  @RouteConfig(IMAGE_BODY)
  cover(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto, @Body() image: Buffer) {
    return this.rows.cover(viewer, id, image);
  }
}
