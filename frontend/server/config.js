import { SITES } from '@directory/domain';
import { isIP } from 'node:net';

// The only place the site server reads process.env. Validated at start, naming every bad key.
/** express's named ranges for 'trust proxy'; any other entry is an address or a subnet. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** @returns {{ port: number, nodeEnv: string, apiInternalOrigin: string, trustProxy: string, site: import('../lib/types').PublicSiteConfig }} */
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
  // As the API's TRUST_PROXY: a comma-separated list of express 'trust proxy' names, addresses and subnets.
  const trustProxy = str('TRUST_PROXY', 'loopback');
  for (const entry of trustProxy.split(',').map((e) => e.trim())) {
    if (!isProxyEntry(entry)) problems.push(`TRUST_PROXY must list proxies as ${PROXY_RANGES.join(', ')}, addresses or subnets such as 172.16.0.0/12 (got '${entry}')`);
  }
  const config = {
    port,
    nodeEnv,
    // Where this server reaches the API; the browser uses the public API_ORIGIN.
    apiInternalOrigin: origin('API_INTERNAL_ORIGIN', apiOrigin),
    // Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: the visitor's address is what the API's
    // per-address limits count, and https decides HSTS.
    trustProxy,
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

/** One of express's named ranges, an address, or a subnet as address/bits or address/netmask. */
function isProxyEntry(entry) {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  return bits === undefined || isIP(bits) === version || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}
