import { effectiveFromCents, PostsErrorCode, postSlugBase, PRICE_INCLUSIONS, PRICE_SORT_LAST, priceAgrees, priceBandOf, PriceDetails, PriceType, RequestErrorCode, youtubeId } from '@directory/domain';
import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { RequestException } from '../../common/domain.exception';
import { isAdmin, Viewer } from '../../common/viewer';
import { isDuplicateKey } from '../../database/duplicate-key';
import { ListingPhotos, newImageVersion, PhotoError } from '../../infra/images';
import { Upload, UploadError } from '../../infra/uploads';
import { PublishPolicy } from '../billing/publish-policy';
import { TaxonomyService } from '../taxonomy/taxonomy.service';
import type { NewPostInputDto, PostFieldsDto, PostInputDto } from './dto/post-input.dto';
import type { PriceDetailsInputDto } from './dto/price-details.dto';
import { PostEntity } from './post.entity';
import type { PostDto } from './post.mapper';
import { PostsException } from './posts.exception';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';

const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
/** How often a create retries with the next free slug when a parallel create took the one it chose. */
const SLUG_TRIES = 20;
/** What a new post has until the lister chooses: the editor asks for all three before publishing makes sense. */
const DEFAULT_PRICE = 'charge';
const DEFAULT_COUNTY = 'dublin';

const invalid = (field: string, message: string) => new RequestException(RequestErrorCode.ValidationFailed, { field, errors: [{ field, message }], values: [[{ message }]] });

/**
 * The control panel's writes to a listing: create, change, delete, and its photo. Only the owner or an admin may
 * (a 404 for anyone else); publishing asks billing's PublishPolicy. The slug is made from the title once, at
 * creation, and never changes, so links to a profile keep working.
 */
@Injectable()
export class PostEditorService {
  private readonly log = new Logger(PostEditorService.name);

  constructor(
    private readonly posts: PostsRepository,
    private readonly reader: PostsService,
    private readonly taxonomy: TaxonomyService,
    private readonly policy: PublishPolicy,
    private readonly photos: ListingPhotos,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async create(dto: NewPostInputDto, viewer: Viewer): Promise<PostDto> {
    const fields = await this.fields(dto, viewer, null);
    if (fields.status === 'publish' && !isAdmin(viewer)) await this.policy.assertMayPublish(viewer.userId);
    const lookup = await this.taxonomy.lookup();
    const categoryId = fields.categoryId ?? (await this.taxonomy.categories())[0]?.id;
    if (categoryId === undefined) throw invalid('category', 'category must be a category id');
    const countyId = fields.countyId ?? (await this.taxonomy.countyId(DEFAULT_COUNTY)) ?? (await this.firstCountyId());
    const base = this.slugBase(lookup.category(categoryId)?.slug ?? '', dto.title);
    const row: Partial<PostEntity> = {
      content: '',
      price: DEFAULT_PRICE,
      area: '',
      latitude: null,
      longitude: null,
      hasLocation: false,
      youtube1Id: null,
      featuredAudioUrl: null,
      status: 'draft',
      ...fields,
      title: dto.title,
      categoryId,
      countyId,
      ownerId: viewer.userId,
    };
    for (let tries = 0; ; tries++) {
      const slug = this.freeSlug(base, await this.posts.slugsLike(base));
      try {
        const id = await this.posts.insert({ ...row, slug, slugExtract: fields.slugExtract ?? slug });
        if (row.status === 'publish') this.reader.forgetCounts();
        return this.dto(id);
      } catch (err) {
        // A parallel create took this slug between the look and the insert: look again.
        if (!isDuplicateKey(err) || tries >= SLUG_TRIES) throw err;
      }
    }
  }

  async update(ref: string, dto: PostInputDto, viewer: Viewer): Promise<PostDto> {
    const post = await this.owned(ref, viewer);
    const fields = await this.fields(dto, viewer, post);
    if (dto.title !== undefined) fields.title = dto.title;
    if (fields.status === 'publish' && post.status !== 'publish' && !isAdmin(viewer)) await this.policy.assertMayPublish(post.ownerId ?? viewer.userId);
    if (Object.keys(fields).length) await this.posts.update(post.id, fields);
    if (fields.title !== undefined) await this.titleChanged({ ...post, slugExtract: fields.slugExtract ?? post.slugExtract }, post.title, fields.title);
    if (fields.slugExtract === this.config.hiddenSlugExtract) await this.hidden(post);
    this.reader.forgetCounts();
    return this.dto(post.id);
  }

  /**
   * After the title is stored: cover art drawn for the former title (the initials and name it shows) goes, to be drawn
   * anew for the new one, and the picture gets a new image_version, so no cache keeps showing the old art. An uploaded
   * photo stays as it is. Also for the admin app's listing edits.
   */
  async titleChanged(post: Pick<PostEntity, 'id' | 'slugExtract' | 'imageVersion'>, formerTitle: string, title: string): Promise<void> {
    if (title === formerTitle || post.slugExtract === this.config.hiddenSlugExtract) return;
    try {
      if (await this.photos.forgetArt(post.slugExtract, formerTitle)) await this.posts.update(post.id, { imageVersion: newImageVersion(post.imageVersion) });
    } catch (err) {
      // The title is stored; a file that could not be removed keeps the former art until the next title (logged).
      this.log.error(`Could not redraw the cover art of post ${post.id}: ${String(err)}`);
    }
  }

  /** Deletes the post with its media, enquiries and statistics, then its image files. */
  async remove(ref: string, viewer: Viewer): Promise<void> {
    const post = await this.owned(ref, viewer);
    await this.posts.deleteWithItems(post.id);
    this.reader.forgetCounts();
    await this.removeFiles(post);
  }

  /**
   * After a listing is hidden (here by an admin's slug_extract, or in the admin app): its picture files go. They are
   * named after the slug_extract it no longer has, so they would otherwise stay public at their old URLs until the
   * PhotoSweeper found them unnamed; unhidden, it shows cover art until a photo is uploaded again.
   */
  async hidden(post: Pick<PostEntity, 'id' | 'slugExtract'>): Promise<void> {
    try {
      await this.removeFiles(post);
    } catch (err) {
      // The listing is hidden; the sweep removes the files later (logged).
      this.log.error(`Could not remove the pictures of hidden post ${post.id}: ${String(err)}`);
    }
  }

  /** The image files of a post that is gone, unless they are shared (the reserved hidden name, or another post's). */
  async removeFiles(post: Pick<PostEntity, 'id' | 'slugExtract'>): Promise<void> {
    if (post.slugExtract === this.config.hiddenSlugExtract || (await this.posts.sharesSlugExtract(post.id, post.slugExtract))) return;
    await this.photos.remove(post.slugExtract);
  }

  /**
   * Replaces the post's photo at its three sizes. A file that is missing, too large, of another type or unreadable is
   * refused before anything is written, so the old photo stays.
   */
  async replacePhoto(ref: string, viewer: Viewer, read: () => Promise<Upload>): Promise<PostDto> {
    const post = await this.owned(ref, viewer);
    // Files are named after the slug_extract, and every hidden listing has the same reserved one.
    if (post.slugExtract === this.config.hiddenSlugExtract) throw new PostsException(PostsErrorCode.PhotoWhileHidden, { field: 'slug' });
    let upload: Upload;
    try {
      upload = await read();
    } catch (err) {
      if (!(err instanceof UploadError)) throw err;
      throw new PostsException(err.problem === 'too_large' ? PostsErrorCode.PhotoTooLarge : PostsErrorCode.PhotoMissing, { field: 'photo' });
    }
    if (!PHOTO_TYPES.has(upload.mimetype)) throw new PostsException(PostsErrorCode.PhotoType, { field: 'photo' });
    let files;
    try {
      files = await this.photos.render(upload.data);
    } catch (err) {
      if (!(err instanceof PhotoError)) throw err;
      throw new PostsException(err.problem === 'too_many_pixels' ? PostsErrorCode.PhotoTooManyPixels : PostsErrorCode.PhotoUnreadable, { field: 'photo' });
    }
    await this.photos.store(post.slugExtract, files);
    // A new image_version after the files are written: the new `?v=` of the image URLs, which caches keep for good, so
    // it must never name the old picture (updated_at alone, in whole seconds, stayed the same within a second).
    const now = new Date();
    await this.posts.update(post.id, { updatedAt: now, photoUploadedAt: now, imageVersion: newImageVersion(post.imageVersion) });
    return this.dto(post.id);
  }

  /**
   * The post named by slug (or id), if the viewer may change it: their own unless an admin hid it (its owner cannot
   * read it either), or any for an admin; 404 otherwise.
   */
  private async owned(ref: string, viewer: Viewer): Promise<PostEntity> {
    const post = (await this.posts.findBySlug(ref)) ?? (/^\d+$/.test(ref) ? await this.posts.findById(Number(ref)) : null);
    if (!post || !(isAdmin(viewer) || (post.ownerId === viewer.userId && post.slugExtract !== this.config.hiddenSlugExtract))) throw new PostsException(PostsErrorCode.PostNotFound, { field: 'slug', values: ['slug', ref] });
    return post;
  }

  /** The columns the given fields set, checked against the taxonomy and the caller's rights. */
  private async fields(dto: PostFieldsDto, viewer: Viewer, post: PostEntity | null): Promise<Partial<PostEntity>> {
    const out: Partial<PostEntity> = {};
    if (dto.content !== undefined) out.content = dto.content;
    if (dto.category !== undefined) {
      if (!(await this.taxonomy.lookup()).category(dto.category)) throw invalid('category', 'category must be a category id');
      out.categoryId = dto.category;
    }
    if (dto.tag_slug !== undefined) {
      const countyId = await this.taxonomy.countyId(dto.tag_slug);
      if (countyId === undefined) throw invalid('tag_slug', 'tag_slug must be a county slug');
      out.countyId = countyId;
    }
    if (dto.price !== undefined) out.price = dto.price;
    if (dto.youtube1_id !== undefined) out.youtube1Id = dto.youtube1_id.trim() === '' ? null : youtubeId(dto.youtube1_id);
    if (dto.featured_audio_url !== undefined) out.featuredAudioUrl = dto.featured_audio_url.trim() || null;
    if (dto.vitals) {
      const { area, latitude, longitude } = dto.vitals;
      if (area !== undefined) out.area = area;
      if (latitude !== undefined || longitude !== undefined) {
        const lat = latitude === undefined ? (post?.latitude ?? null) : latitude;
        const lng = longitude === undefined ? (post?.longitude ?? null) : longitude;
        if ((lat === null) !== (lng === null)) throw invalid(lat === null ? 'vitals.latitude' : 'vitals.longitude', 'vitals.latitude and vitals.longitude must be given together (or both null)');
        Object.assign(out, { latitude: lat, longitude: lng, hasLocation: lat !== null });
      }
    }
    if (dto.price !== undefined || dto.price_details !== undefined) Object.assign(out, this.priceColumns(dto, post));
    if (dto.status !== undefined) out.status = dto.status;
    if (dto.slug_extract !== undefined) {
      if (!isAdmin(viewer)) throw new PostsException(PostsErrorCode.HiddenNotAllowed, { field: 'slug_extract' });
      if (dto.slug_extract !== this.config.hiddenSlugExtract && dto.slug_extract !== '') throw invalid('slug_extract', `slug_extract must be '${this.config.hiddenSlugExtract}' (hidden) or '' (shown)`);
      if (dto.slug_extract === this.config.hiddenSlugExtract) out.slugExtract = dto.slug_extract;
      else if (post) out.slugExtract = post.slug;
    }
    return out;
  }

  /**
   * The price columns after a change of the price type or of what it includes: the breakdown checked against the
   * site's inclusions and the price type (free is from €0, a charge from more than €0 or on request), stamped with
   * today's date, and the from-price, band and sort key the listing pages filter and order by.
   */
  priceColumns(dto: Pick<PostFieldsDto, 'price' | 'price_details'>, post: PostEntity | null): Partial<PostEntity> {
    const price: PriceType = dto.price ?? post?.price ?? DEFAULT_PRICE;
    let details: PriceDetails | null = post?.priceDetails ?? null;
    if (dto.price_details !== undefined) details = dto.price_details === null ? null : this.checkedDetails(dto.price_details);
    if (details && !priceAgrees(price, details.from_cents)) {
      throw invalid('price_details.from_cents', price === 'free' ? 'price_details.from_cents must be 0 for a free listing' : 'price_details.from_cents must be more than 0 (or null: on request) for a listing that charges');
    }
    const from = effectiveFromCents(price, details);
    return { priceDetails: details, priceFrom: from, priceBand: priceBandOf(from), priceSort: from ?? PRICE_SORT_LAST };
  }

  private checkedDetails(d: PriceDetailsInputDto): PriceDetails {
    const kinds = PRICE_INCLUSIONS[this.config.site];
    const seen = new Set<string>();
    d.includes.forEach((item, i) => {
      const kind = kinds.find((k) => k.key === item.key);
      const field = `price_details.includes.${i}`;
      if (!kind) throw invalid(`${field}.key`, `${field}.key must be one of ${kinds.map((k) => k.key).join(', ')}`);
      if (seen.has(item.key)) throw invalid(`${field}.key`, `${field}.key names ${item.key} twice`);
      seen.add(item.key);
      if ((kind.unit === 'yes') !== (item.quantity === null)) throw invalid(`${field}.quantity`, kind.unit === 'yes' ? `${field}.quantity must be null for ${item.key}` : `${field}.quantity must be a number of ${kind.unit} for ${item.key}`);
    });
    if ((d.travel_free_km === null) !== (d.travel_cents_per_km === null)) {
      const field = d.travel_free_km === null ? 'price_details.travel_free_km' : 'price_details.travel_cents_per_km';
      throw invalid(field, 'price_details.travel_free_km and price_details.travel_cents_per_km must be given together (or both null)');
    }
    const order = new Map(kinds.map((k, i) => [k.key, i]));
    return {
      from_cents: d.from_cents,
      includes: [...d.includes].sort((a, b) => order.get(a.key)! - order.get(b.key)!).map((i) => ({ key: i.key, quantity: i.quantity })),
      extras: d.extras.map((e) => ({ label: e.label, cents: e.cents, per: e.per })),
      travel_free_km: d.travel_free_km,
      travel_cents_per_km: d.travel_cents_per_km,
      vat_included: d.vat_included,
      deposit_cents: d.deposit_cents,
      confirmed_on: new Date().toISOString().slice(0, 10),
    };
  }

  /** The title's slug words on this site; never all digits (a path segment of digits names a post by id) nor empty. */
  private slugBase(categorySlug: string, title: string): string {
    const base = postSlugBase(this.config.site, categorySlug, title);
    const words = base.replace(/^school-(tours|workshops)-/, '');
    if (!words) return `${base}listing`;
    return /^\d+$/.test(base) ? `listing-${base}` : base;
  }

  /** base, base-2, base-3…: the first that is neither taken nor the reserved hidden name. */
  private freeSlug(base: string, taken: Set<string>): string {
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!taken.has(slug) && slug !== this.config.hiddenSlugExtract) return slug;
    }
  }

  private async firstCountyId(): Promise<number> {
    const first = (await this.taxonomy.counties())[0];
    const id = first ? await this.taxonomy.countyId(first.slug) : undefined;
    if (id === undefined) throw invalid('tag_slug', 'tag_slug must be a county slug');
    return id;
  }

  /** The post as written, read back; a 404 when a deletion of it won the race in between (not a 500 on a missing row). */
  private async dto(id: number): Promise<PostDto> {
    const post = await this.posts.findById(id);
    if (!post) throw new PostsException(PostsErrorCode.PostNotFound, { field: 'slug', values: ['slug', String(id)] });
    return (await this.reader.toDtos([post]))[0];
  }
}
