import type { CategoryDto, CountyDto } from '../taxonomy/taxonomy.mapper';
import type { PostEntity, PostStatus, PriceType } from './post.entity';

export interface PostVitals {
  area: string;
  latitude: number | null;
  longitude: number | null;
  /** "lat,lng" of the map pin, derived from the coordinates; null without a location. */
  gmap_pin: string | null;
  has_location: boolean;
}

export interface PostImages {
  /** 680x588: the card on church and cliste listings. */
  card: string;
  /** 680x382: the card on the multi-user site. */
  card_wide: string;
  /** 931x550: the map info window. */
  map: string;
}

export interface PostDto {
  id: number;
  title: string;
  content: string;
  slug: string;
  slug_extract: string;
  status: PostStatus;
  category: number;
  category_slug: string;
  category_name: string;
  tag_slug: string;
  tag_name: string;
  price: PriceType;
  /** The site's title for the price type ('Free', 'Nominal charge', 'Charge'). */
  price_label: string;
  youtube1_id: string | null;
  featured_audio_url: string | null;
  vitals: PostVitals;
  images: PostImages;
  created_at: string;
  updated_at: string;
}

/** The lighter shape of /api/profiles/: what a card, a map marker or a sitemap needs. */
export type ProfileDto = Pick<PostDto, 'id' | 'title' | 'slug' | 'category_slug' | 'category_name' | 'tag_slug' | 'tag_name' | 'price' | 'images'> & {
  area: string;
  latitude: number | null;
  longitude: number | null;
  has_video: boolean;
  updated_at: string;
};

export interface PostContext {
  category?: CategoryDto;
  county?: CountyDto;
  apiOrigin: string;
  priceLabels: Record<PriceType, string>;
}

export const postImages = (apiOrigin: string, slugExtract: string): PostImages => {
  const base = `${apiOrigin}/storage/library/${encodeURIComponent(slugExtract)}-one-`;
  return { card: `${base}680x588.webp`, card_wide: `${base}680x382.webp`, map: `${base}931x550.webp` };
};

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function mapPost(p: PostEntity, ctx: PostContext): PostDto {
  const hasLocation = p.hasLocation && p.latitude !== null && p.longitude !== null;
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
    images: postImages(ctx.apiOrigin, p.slugExtract),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

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
