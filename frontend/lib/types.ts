import type { Role, Site } from '@directory/domain';
import type { SiteCopy } from './site-copy.js';

/** The site's own shapes; the API's answers and the domain's words come from packages/domain. */
export type {
  ActiveSummary,
  ArticleDto as Article,
  ArticleSummaryDto as ArticleSummary,
  AudioDto,
  CategoryDto as Category,
  CountyDto as County,
  Facets,
  ParentCategoryDto,
  PostDto as Post,
  PriceCount,
  PriceType,
  ProfileDto as Profile,
  Site,
  VideoDto,
} from '@directory/domain';

/** Who is signed in, as the site server tells the pages (from GET /api/me/). */
export interface SignedInUser {
  id: number;
  firstName: string;
  role: Role;
}

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
  /** This site's texts of lib/site-copy.ts, sent with each page so the browser's JavaScript carries no site's texts. */
  copy: SiteCopy;
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
  /** The picture at several widths (`srcset`); '' from an API that does not send it, and then `image` alone is used. */
  imageSrcset: string;
  hasVideo: boolean;
  /** "From €350", "Price on request", or '' for a listing without a price breakdown: worded where the card is made. */
  priceFrom: string;
  latitude: number | null;
  longitude: number | null;
  /** With reviews, the rating's element props: the stars' class and the text ("4.8 (12 reviews)"); lib/card-rating.ts. */
  rating: { className: string; children: string } | null;
}
