import type { Site } from './sites.js';

/**
 * The sites' names, on their own for what needs nothing else of a preset: the site's pages carry this small table in
 * their JavaScript rather than every preset (the page JavaScript budget, docs/performance.md). A module of its own, as bundlers keep a module's
 * top-level object spreads (SITE_PRESETS) even when nothing reads them.
 */
export const SITE_NAMES: Record<Site, { siteName: string; shortSiteName: string }> = {
  church: { siteName: 'Church Musicians Ireland', shortSiteName: 'Church Musicians' },
  cliste: { siteName: 'Cliste', shortSiteName: 'Cliste' },
  multi: { siteName: 'Musicians Ireland', shortSiteName: 'Musicians' },
};
