/** Shapes of the API's answers (see README.md, API) and of the site's own configuration. */
export type Site = 'church' | 'cliste' | 'multi';
export type PriceType = 'free' | 'nominal_charge' | 'charge';

export interface PublicSiteConfig {
  site: Site;
  apiOrigin: string;
  siteOrigin: string;
  stage: boolean;
  production: boolean;
  allCategoriesSlug: string;
  defaultCountySlug: string;
  mapTileUrl: string;
  mapAttribution: string;
  analyticsId: string;
  sessionAnalyticsId: string;
  stats: { year: string; schoolLocations: string; musicians: string; payingUsers: string; pageViews: string; visitors: string; enquiries: string };
}

export interface Category {
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

export interface County {
  slug: string;
  name: string;
}

export interface ActiveSummary {
  total: number;
  categories: Record<string, Category & { count: number }>;
  active_tags: string[];
  active_counties: (County & { count: number })[];
  parent_categories: { slug: string; name: string; count: number }[];
}

export interface Post {
  id: number;
  title: string;
  content: string;
  slug: string;
  slug_extract: string;
  status: string;
  category: number;
  category_slug: string;
  category_name: string;
  tag_slug: string;
  tag_name: string;
  price: PriceType;
  price_label: string;
  youtube1_id: string | null;
  featured_audio_url: string | null;
  vitals: { area: string; latitude: number | null; longitude: number | null; gmap_pin: string | null; has_location: boolean };
  images: { card: string; card_wide: string; map: string };
  created_at: string;
  updated_at: string;
}

/** The light list of /api/profiles/: map markers and the sitemap. */
export interface Profile {
  id: number;
  title: string;
  slug: string;
  category_slug: string;
  category_name: string;
  tag_slug: string;
  tag_name: string;
  area: string;
  latitude: number | null;
  longitude: number | null;
  images: { card: string; card_wide: string; map: string };
  updated_at: string;
}

export interface MediaItem {
  id: number;
  postId: number;
  title: string;
  url?: string;
  youtube_id?: string;
}

export interface PriceOption {
  value: PriceType;
  title: string;
  description: string;
  count: number;
}

export interface Facets {
  categories: { slug: string; name: string; count: number }[];
  counties: { slug: string; name: string; count: number }[];
  prices: PriceOption[];
}

/** What a listing card needs: the post trimmed before it is sent to the browser. */
export interface CardPost {
  id: number;
  title: string;
  slug: string;
  categorySlug: string;
  countyName: string;
  area: string;
  image: string;
  hasVideo: boolean;
  latitude: number | null;
  longitude: number | null;
}

export interface ArticleSummary {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  image: string;
  author: string;
  published_at: string;
  updated_at: string;
}

export interface Article extends ArticleSummary {
  content: string;
}
