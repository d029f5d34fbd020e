import type { CategoryDto, CountyDto } from '../taxonomy/taxonomy.mapper';
import { roundRating, type PostDto, type PostImages, type PriceType, type ProfileDto, type ReviewSummaryDto } from '@directory/domain';
import { isoTime } from '../../common/iso-time';
import { imageVersionOf } from '../../infra/images';
import type { PostEntity } from './post.entity';

export type { PostDto, ProfileDto };

export interface PostContext {
  category?: CategoryDto;
  county?: CountyDto;
  apiOrigin: string;
  priceLabels: Record<PriceType, string>;
}

/** The three sizes, each versioned (`?v=`), so a builder of `srcset` from them carries the version through. */
export const postImages = (apiOrigin: string, slugExtract: string, version: string): PostImages => {
  const base = `${apiOrigin}/storage/library/${encodeURIComponent(slugExtract)}-one-`;
  const v = `?v=${version}`;
  return { card: `${base}680x588.webp${v}`, card_wide: `${base}680x382.webp${v}`, map: `${base}931x550.webp${v}` };
};

const iso = (d: Date | string) => isoTime(d instanceof Date ? d : new Date(d));

/** The columns an answer shows: what the list's prepared read selects (posts.repository.ts), or a whole entity. */
export type PostFields = Pick<
  PostEntity,
  'id' | 'title' | 'content' | 'slug' | 'slugExtract' | 'status' | 'categoryId' | 'countyId' | 'price' | 'youtube1Id' | 'featuredAudioUrl' | 'area' | 'latitude' | 'longitude' | 'hasLocation' | 'createdAt' | 'updatedAt' | 'imageVersion' | 'priceFrom' | 'reviewCount' | 'reviewRatingSum' | 'reviewSubAverages'
> & Partial<Pick<PostEntity, 'priceDetails'>> & {
  /** Lists: 1 when the listing has a price breakdown (posts.repository.ts), which lists do not read. */
  priced?: number | string;
};

/** The review figures kept on the post (the reviews module writes them as reviews are published and removed). */
export function reviewSummary(p: Pick<PostEntity, 'reviewCount' | 'reviewRatingSum' | 'reviewSubAverages'>): ReviewSummaryDto {
  const count = Number(p.reviewCount);
  return {
    average: count > 0 ? roundRating(Number(p.reviewRatingSum) / count) : null,
    count,
    sub_averages: p.reviewSubAverages ? (JSON.parse(p.reviewSubAverages) as ReviewSummaryDto['sub_averages']) : {},
  };
}

export function mapPost(p: PostFields, ctx: PostContext): PostDto {
  const hasLocation = p.hasLocation && p.latitude !== null && p.longitude !== null;
  const version = imageVersionOf(p.imageVersion, p.updatedAt);
  return {
    id: p.id,
    title: p.title,
    content: p.content,
    slug: p.slug,
    slug_extract: p.slugExtract,
    status: p.status,
    category: p.categoryId,
    category_slug: ctx.category?.slug ?? '',
    category_name: ctx.category?.name ?? '',
    tag_slug: ctx.county?.slug ?? '',
    tag_name: ctx.county?.name ?? '',
    price: p.price,
    price_label: ctx.priceLabels[p.price] ?? p.price,
    youtube1_id: p.youtube1Id || null,
    featured_audio_url: p.featuredAudioUrl || null,
    vitals: {
      area: p.area,
      latitude: p.latitude === null ? null : Number(p.latitude),
      longitude: p.longitude === null ? null : Number(p.longitude),
      gmap_pin: hasLocation ? `${Number(p.latitude)},${Number(p.longitude)}` : null,
      has_location: hasLocation,
    },
    price_from_cents: p.priceFrom === null ? null : Number(p.priceFrom),
    price_on_request: p.priceFrom === null && (p.priceDetails != null || Number(p.priced ?? 0) === 1),
    // Only the reads of one post select the breakdown: lists carry what cards need.
    ...(p.priceDetails !== undefined ? { price_details: p.priceDetails } : {}),
    images: postImages(ctx.apiOrigin, p.slugExtract, version),
    reviews: reviewSummary(p),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** What other domains need of a post they act on (enquiries, views, media, cover art), without mapping all of it. */
export interface VisiblePost {
  id: number;
  ownerId: number | null;
  title: string;
  slug: string;
  slugExtract: string;
}

export const mapVisiblePost = (p: Pick<PostEntity, 'id' | 'ownerId' | 'title' | 'slug' | 'slugExtract'>): VisiblePost => ({ id: p.id, ownerId: p.ownerId, title: p.title, slug: p.slug, slugExtract: p.slugExtract });

export function mapProfile(p: PostDto): ProfileDto {
  return {
    id: p.id,
    title: p.title,
    slug: p.slug,
    category_slug: p.category_slug,
    category_name: p.category_name,
    tag_slug: p.tag_slug,
    tag_name: p.tag_name,
    price: p.price,
    images: p.images,
    area: p.vitals.area,
    latitude: p.vitals.latitude,
    longitude: p.vitals.longitude,
    has_video: p.youtube1_id !== null,
    updated_at: p.updated_at,
  };
}
