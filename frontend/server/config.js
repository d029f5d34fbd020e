// The only place the site server reads process.env. Validated at start, naming every bad key.
import { SITES } from '@directory/domain';

/** @returns {{ port: number, nodeEnv: string, apiInternalOrigin: string, site: import('../lib/types').PublicSiteConfig }} */
export function loadSiteConfig(env = process.env) {
  const problems = [];
  const str = (key, fallback) => (env[key] === undefined || env[key] === '' ? fallback : String(env[key]).trim());
  const origin = (key, fallback) => {
    const value = str(key, fallback).replace(/\/+$/, '');
    try {
      const u = new URL(value);
      if (!['http:', 'https:'].includes(u.protocol) || u.pathname !== '/') throw new Error();
    } catch {
      problems.push(`${key} must be an http(s) origin such as http://localhost:3000 (got '${value}')`);
    }
    return value;
  };
  const bool = (key, fallback) => {
    const v = str(key, String(fallback)).toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    problems.push(`${key} must be true or false (got '${env[key]}')`);
    return fallback;
  };
  const site = str('SITE', 'church');
  if (!SITES.includes(site)) problems.push(`SITE must be one of ${SITES.join(', ')} (got '${site}')`);
  const portRaw = str('PORT', '8080');
  const port = Number(portRaw);
  if (!/^\d+$/.test(portRaw) || port < 1 || port > 65535) problems.push(`PORT must be a whole number from 1 to 65535 (got '${portRaw}')`);
  const nodeEnv = str('NODE_ENV', 'development');
  // The live site (cookie notice, analytics) as opposed to development and stage machines.
  const siteEnv = str('SITE_ENV', 'development');
  if (!['development', 'production'].includes(siteEnv)) problems.push(`SITE_ENV must be development or production (got '${siteEnv}')`);
  const apiOrigin = origin('API_ORIGIN', 'http://localhost:3000');
  const config = {
    port,
    nodeEnv,
    // Where this server reaches the API; the browser uses the public API_ORIGIN.
    apiInternalOrigin: origin('API_INTERNAL_ORIGIN', apiOrigin),
    site: {
      site,
      apiOrigin,
      siteOrigin: origin('SITE_ORIGIN', `http://localhost:${port}`),
      stage: bool('STAGE', false),
      production: siteEnv === 'production',
      allCategoriesSlug: str('ALL_CATEGORIES_SLUG', 'all-categories'),
      // Any XYZ raster tile server; the map still works (markers, popups) when tiles cannot load.
      mapTileUrl: str('MAP_TILE_URL', 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
      mapAttribution: str('MAP_ATTRIBUTION', '&copy; OpenStreetMap contributors'),
      // Loaded only after consent, on the live site (spec section 4).
      analyticsId: str('ANALYTICS_ID', ''),
      sessionAnalyticsId: str('SESSION_ANALYTICS_ID', ''),
      // Marketing figures (spec section 1), kept out of the code so they can be updated.
      stats: {
        year: str('STATS_YEAR', '2024'),
        schoolLocations: str('STATS_SCHOOL_LOCATIONS', '600+'),
        musicians: str('STATS_MUSICIANS', '120+'),
        payingUsers: str('STATS_PAYING_USERS', '120+'),
        pageViews: str('STATS_PAGE_VIEWS', '25k'),
        visitors: str('STATS_VISITORS', '5000'),
        enquiries: str('STATS_ENQUIRIES', '782'),
      },
      defaultCountySlug: str('DEFAULT_COUNTY_SLUG', 'all-counties'),
    },
  };
  if (problems.length) throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  return config;
}
