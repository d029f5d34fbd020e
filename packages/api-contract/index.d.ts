/**
 * The API's answers, as the backend's mappers produce them and the site reads them. Types only, so both
 * sides import them with `import type` and nothing of this package exists at run time.
 */
export type PriceType = 'free' | 'nominal_charge' | 'charge';
export type PostStatus = 'publish' | 'draft' | 'pending' | 'private';

export interface CategoryDto {
  id: number;
  name: string;
  name_abbrev: string;
  slug: string;
  description: string;
  svg_path: string;
  is_child: boolean;
  is_primary: boolean;
  parent_slug: string | null;
  parent_name: string | null;
}

export interface CountyDto {
  slug: string;
  name: string;
}

export interface ParentCategoryDto {
  slug: string;
  name: string;
}

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
  /** 931x550: the map info window and the profile page. */
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

/** The lighter shape of /api/profiles/: what a map marker or the sitemap needs. */
export type ProfileDto = Pick<PostDto, 'id' | 'title' | 'slug' | 'category_slug' | 'category_name' | 'tag_slug' | 'tag_name' | 'price' | 'images'> & {
  area: string;
  latitude: number | null;
  longitude: number | null;
  has_video: boolean;
  updated_at: string;
};

export interface PriceOption {
  value: PriceType;
  title: string;
  description: string;
}

export type PriceCount = PriceOption & { count: number };

export interface ActiveSummary {
  total: number;
  categories: Record<string, CategoryDto & { count: number }>;
  active_tags: string[];
  active_counties: (CountyDto & { count: number })[];
  parent_categories: (ParentCategoryDto & { count: number })[];
}

export interface Facets {
  categories: { slug: string; name: string; count: number }[];
  counties: (CountyDto & { count: number })[];
  prices: PriceCount[];
}

export interface ArticleSummaryDto {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  image: string;
  author: string;
  published_at: string;
  updated_at: string;
}

export interface ArticleDto extends ArticleSummaryDto {
  content: string;
}

export interface AudioDto {
  id: number;
  postId: number;
  title: string;
  url: string;
}

export interface VideoDto {
  id: number;
  postId: number;
  title: string;
  youtube_id: string;
}
