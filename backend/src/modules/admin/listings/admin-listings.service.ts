import { AdminErrorCode, RequestErrorCode } from '@directory/domain';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Not, Repository } from 'typeorm';
import type { AppConfig } from '../../../config/configuration';
import { InjectConfig } from '../../../config/config.module';
import { RequestException } from '../../../common/domain.exception';
import type { Viewer } from '../../../common/viewer';
import { PostEditorService } from '../../posts/post-editor.service';
import { PostEntity } from '../../posts/post.entity';
import { CategoryEntity } from '../../taxonomy/category.entity';
import { CountyEntity } from '../../taxonomy/county.entity';
import { UserEntity } from '../../users/user.entity';
import { notFound, ResourceSpec, sameNames } from '../admin-list';
import { changesFrom, SpecRows } from '../admin-resource';
import { AdminException } from '../admin.exception';
import { AuditEntryEntity } from '../audit/audit-entry.entity';
import { AuditService } from '../audit/audit.service';
import type { UpdateListingDto } from './admin-listings.dto';

export const mapListing = (hiddenSlugExtract: string) => (p: PostEntity) => ({
  id: p.id,
  title: p.title,
  slug: p.slug,
  slug_extract: p.slugExtract,
  hidden: p.slugExtract === hiddenSlugExtract,
  status: p.status,
  category_id: p.categoryId,
  county_id: p.countyId,
  price: p.price,
  price_details: p.priceDetails,
  area: p.area,
  owner_id: p.ownerId,
  youtube1_id: p.youtube1Id,
  featured_audio_url: p.featuredAudioUrl,
  latitude: p.latitude,
  longitude: p.longitude,
  has_location: p.hasLocation,
  content: p.content,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});
export type AdminListingRow = ReturnType<ReturnType<typeof mapListing>>;

const invalid = (field: string, message: string) => new RequestException(RequestErrorCode.ValidationFailed, { field, errors: [{ field, message }], values: [[{ message }]] });

/** How listings are listed: `hidden` compares the slug_extract with the reserved one (the config's). */
const listingsSpec = (hiddenSlugExtract: string): ResourceSpec => ({
  resource: 'listings',
  alias: 'p',
  columns: sameNames('id', 'title', 'slug', 'status', 'category_id', 'county_id', 'price', 'owner_id', 'created_at', 'updated_at'),
  search: ['title', 'slug', 'area'],
  filters: {
    hidden: (qb, value, param) => {
      if (typeof value !== 'boolean') throw invalid('filter', 'filter.hidden must be true or false');
      qb.andWhere(`p.slug_extract ${value ? '=' : '<>'} :${param}`, { [param]: hiddenSlugExtract });
    },
    // "No owner" listings: filter={"owner_id":null} is dropped as empty, so it has a name of its own.
    ownerless: (qb, value) => {
      if (value === true) qb.andWhere('p.owner_id IS NULL');
    },
  },
});

/**
 * Every listing whatever its status, hidden ones included. Hiding sets the reserved slug_extract (HIDDEN_SLUG_EXTRACT),
 * which every public query leaves out; since the images are named after the slug_extract, unhiding puts back the one
 * the audit row of the hiding kept (or the slug, which is what listings are created with).
 */
@Injectable()
export class AdminListingsService extends SpecRows<PostEntity, AdminListingRow> {
  constructor(
    @InjectRepository(PostEntity) posts: Repository<PostEntity>,
    private readonly audit: AuditService,
    @InjectConfig() private readonly config: AppConfig,
    private readonly editor: PostEditorService,
  ) {
    super(posts, listingsSpec(config.hiddenSlugExtract), mapListing(config.hiddenSlugExtract));
  }

  async update(viewer: Viewer, id: number, dto: UpdateListingDto): Promise<AdminListingRow> {
    const { hidden, price_details, ...fields } = dto;
    const onlyHiding = hidden !== undefined && price_details === undefined && Object.keys(fields).length === 0;
    const action = onlyHiding ? (hidden ? 'hide' : 'unhide') : 'update';
    let retitled = null as { post: PostEntity; formerTitle: string } | null;
    let hid = null as PostEntity | null;
    const answer = await this.audit.change<AdminListingRow>(viewer, { action, resource: 'listings', recordId: id, publicData: true }, async (m) => {
      const post = await m.findOneBy(PostEntity, { id });
      if (!post) throw notFound('listings', id);
      await this.checkReferences(m, id, dto);
      const changes = changesFrom<typeof fields, PostEntity>(fields, {
        title: 'title',
        content: 'content',
        slug: 'slug',
        status: 'status',
        category_id: 'categoryId',
        county_id: 'countyId',
        price: 'price',
        area: 'area',
        owner_id: 'ownerId',
        youtube1_id: 'youtube1Id',
        featured_audio_url: 'featuredAudioUrl',
        latitude: 'latitude',
        longitude: 'longitude',
        has_location: 'hasLocation',
      });
      // The price type and its breakdown agree, and the from-price, band and sort key follow, as in the control panel.
      if (fields.price !== undefined || price_details !== undefined) Object.assign(changes, this.editor.priceColumns({ price: fields.price, price_details }, post));
      const isHidden = post.slugExtract === this.config.hiddenSlugExtract;
      if (hidden === true && !isHidden) changes.slugExtract = this.config.hiddenSlugExtract;
      if (hidden === false && isHidden) changes.slugExtract = await this.slugExtractBeforeHiding(m, post, fields.slug);
      if (Object.keys(changes).length) await m.update(PostEntity, { id }, changes);
      const after = await m.findOneByOrFail(PostEntity, { id });
      if (after.title !== post.title) retitled = { post: after, formerTitle: post.title };
      if (changes.slugExtract === this.config.hiddenSlugExtract) hid = post;
      return { before: this.row(post), after: this.row(after) };
    });
    // After the commit, as the control panel does: cover art of the former title is drawn anew.
    if (retitled) await this.editor.titleChanged(retitled.post, retitled.formerTitle, retitled.post.title);
    if (hid) await this.editor.hidden(hid);
    return answer;
  }

  private async checkReferences(m: EntityManager, id: number, dto: UpdateListingDto): Promise<void> {
    if (dto.slug && (await m.existsBy(PostEntity, { slug: dto.slug, id: Not(id) }))) throw new AdminException(AdminErrorCode.SlugTaken, { field: 'slug' });
    if (dto.category_id !== undefined && !(await m.existsBy(CategoryEntity, { id: dto.category_id }))) throw invalid('category_id', `category_id ${dto.category_id} is not a category`);
    if (dto.county_id !== undefined && !(await m.existsBy(CountyEntity, { id: dto.county_id }))) throw invalid('county_id', `county_id ${dto.county_id} is not a county`);
    if (typeof dto.owner_id === 'number' && !(await m.existsBy(UserEntity, { id: dto.owner_id }))) throw invalid('owner_id', `owner_id ${dto.owner_id} is not a user`);
  }

  /**
   * The slug_extract the newest hiding of this listing replaced (kept in its audit row); the slug otherwise. A hiding
   * of a listing hidden already (a repeated click, parallel requests) kept the reserved value, so it is passed over.
   */
  private async slugExtractBeforeHiding(m: EntityManager, post: PostEntity, newSlug?: string): Promise<string> {
    const hidings = await m.find(AuditEntryEntity, { where: { resource: 'listings', recordId: String(post.id), action: 'hide' }, order: { id: 'DESC' }, take: 50 });
    for (const hiding of hidings) {
      const kept = hiding.before ? (JSON.parse(hiding.before) as { slug_extract?: string }).slug_extract : undefined;
      if (kept && kept !== this.config.hiddenSlugExtract) return kept;
    }
    return newSlug ?? post.slug;
  }
}

