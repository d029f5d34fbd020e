/** The site's own shapes; the API's answers come from the shared contract (packages/api-contract). */
export type {
  ActiveSummary,
  ArticleDto as Article,
  ArticleSummaryDto as ArticleSummary,
  AudioDto,
  CategoryDto as Category,
  CountyDto as County,
  Facets,
  PostDto as Post,
  PriceCount,
  PriceType,
  ProfileDto as Profile,
  VideoDto,
} from '@directory/api-contract';

export type Site = 'church' | 'cliste' | 'multi';

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
