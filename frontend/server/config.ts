import { SITES } from '@directory/domain';
import { type Env, LOG_LEVELS, type LogLevel, settingsReader } from '@directory/server-kit';
import { SITE_COPY } from '../lib/site-copy.js';
import type { PublicSiteConfig } from '../lib/types.js';

export interface SiteConfig {
  port: number;
  nodeEnv: string;
  /** Where this server reaches the API; the browser uses the public API_ORIGIN. */
  apiInternalOrigin: string;
  /**
   * Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: the visitor's address is what the API's
   * per-address limits count, and https decides HSTS.
   */
  trustProxy: string;
  /** pino's level for the JSON log lines on stdout (one per request, with its X-Request-Id). */
  logLevel: LogLevel;
  site: PublicSiteConfig;
  /**
   * On stage: the secret this server sends the API with each of its own calls (X-Stage-Key), the API's STAGE_KEY. The
   * browser never sees it.
   */
  stageKey: string;
  /** Site processes (node:cluster workers); 1 serves from the one process without a cluster. */
  workers: number;
  /** The anonymous page cache (server/page-cache.ts); off for cold measurements. */
  pageCache: {
    enabled: boolean;
    /** Bound of the rendered pages kept, in bytes, per site process. */
    maxBytes: number;
    /** How often at most a process asks the API for the data version. */
    checkMs: number;
  };
}

/** How a process is run: `--dev`, and NODE_ENV as it was given (tests run under NODE_ENV=test). */
export interface RunMode {
  dev?: boolean;
  test?: boolean;
  /** The machine's cores (os.availableParallelism()), the default of SITE_WORKERS in production. */
  cores?: number;
}

/**
 * The only place the site server reads process.env. Validated at start with the API's parsers
 * (@directory/server-kit), naming every bad key in one error.
 */
export function loadSiteConfig(env: Env = process.env, mode: RunMode = {}): SiteConfig {
  const settings = settingsReader(env);
  const { str, oneOf, bool, int, origin, slug, proxies } = settings;
  const port = int('PORT', 8080, 1, 65535);
  const apiOrigin = origin('API_ORIGIN', 'http://localhost:3000');
  const apiInternalOrigin = origin('API_INTERNAL_ORIGIN', apiOrigin);
  // As the API's TRUST_PROXY: a comma-separated list of express 'trust proxy' names, addresses and subnets.
  const trustProxy = proxies('TRUST_PROXY', 'loopback');
  const site = oneOf('SITE', SITES, 'church');
  const stage = bool('STAGE', false);
  const stageKey = str('STAGE_KEY', '');
  if (stage && stageKey.length < 32) settings.problem("STAGE_KEY must be set to 32 or more random characters when STAGE=true (the same value as the API's)");
  const config: SiteConfig = {
    port,
    nodeEnv: str('NODE_ENV', 'development'),
    apiInternalOrigin,
    trustProxy,
    site: {
      site,
      apiOrigin,
      siteOrigin: origin('SITE_ORIGIN', `http://localhost:${port}`),
      stage,
      // The live site (cookie notice, analytics) as opposed to development and stage machines.
      production: oneOf('SITE_ENV', ['development', 'production'], 'development') === 'production',
      allCategoriesSlug: slug('ALL_CATEGORIES_SLUG', 'all-categories'),
      // Any XYZ raster tile server; the map still works (markers, popups) when tiles cannot load.
      mapTileUrl: str('MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
      mapAttribution: str('MAP_ATTRIBUTION', '&copy; OpenStreetMap contributors'),
      // Loaded only after consent, on the live site.
      analyticsId: str('ANALYTICS_ID', ''),
      sessionAnalyticsId: str('SESSION_ANALYTICS_ID', ''),
      // Marketing figures, kept out of the code so they can be updated.
      stats: {
        year: str('STATS_YEAR', '2024'),
        schoolLocations: str('STATS_SCHOOL_LOCATIONS', '600+'),
        musicians: str('STATS_MUSICIANS', '120+'),
        payingUsers: str('STATS_PAYING_USERS', '120+'),
        pageViews: str('STATS_PAGE_VIEWS', '25k'),
        visitors: str('STATS_VISITORS', '5000'),
        enquiries: str('STATS_ENQUIRIES', '782'),
      },
      defaultCountySlug: slug('DEFAULT_COUNTY_SLUG', 'all-counties'),
      copy: SITE_COPY[site],
    },
    stageKey,
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    // Every core in production; one process in development and tests unless set.
    workers: int('SITE_WORKERS', mode.dev || mode.test ? 1 : Math.min(mode.cores ?? 1, 64), 1, 64),
    pageCache: {
      // Off with --dev: pages rendered from source that is being edited are not kept.
      enabled: bool('PAGE_CACHE', !mode.dev),
      maxBytes: int('PAGE_CACHE_MB', 64, 1, 4096) * 1024 * 1024,
      // A changed listing shows within this time; each check is one small API call per process.
      checkMs: int('PAGE_CACHE_CHECK_MS', 500, 50, 60_000),
    },
  };
  settings.finish();
  return config;
}
